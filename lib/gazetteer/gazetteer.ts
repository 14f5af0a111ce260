import type { Locale } from '@/lib/i18n/config';
import type { GazetteerData } from './data';
import { haversineMeters } from '@/lib/event-index/geo';
import { exonymsOf } from './exonyms';
import { nameKey, queryKeys } from './normalize';

/** One town found for a text. */
export interface Town {
  /** Its row in this build's gazetteer: stable for one build only. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The French département's name, or null outside France. */
  region: string | null;
  lng: number;
  lat: number;
  population: number;
}

export interface Gazetteer {
  /** How many towns it holds. */
  size: number;
  /**
   * Towns whose name — GeoNames' or one of the app's languages' (lib/gazetteer/exonyms.ts) — starts with the text
   * (accents, case and "St"/"Saint" aside): exact names first, then by size — or, `near` a point (where the visitor
   * is looking), by size weighed down with distance; named in `locale` when given.
   */
  lookup: (text: string, limit?: number, locale?: Locale, near?: { lng: number; lat: number }) => Town[];
  /**
   * The biggest places of at least `minPopulation` people inside the box, biggest first, named in `locale`: the towns
   * search knows and the other places the offline basemap names (GazetteerData.places).
   */
  largestWithin: (box: TownBox, minPopulation: number, limit: number, locale?: Locale) => Town[];
}

export interface TownBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Seen from a point, a town weighs its size divided by (1 + km / NEAR_SCALE_KM)²: a quarter of it 200 km away, a ninth
 * 400 km away. Steep enough that a town of the region outranks a bigger one two countries away (Caen before Catania
 * from Paris), not so steep that a capital abroad loses to a small town next door (Bruxelles before Brunoy).
 */
const NEAR_SCALE_KM = 200;

/** The lowest index whose key is ≥ `prefix` (keys sorted). */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indexes the towns by their folded name; a lookup is a binary search and a walk over the names sharing the prefix. */
export function createGazetteer(data: GazetteerData): Gazetteer {
  const rows = data.towns;
  const exonyms = exonymsOf(rows.map(([name, , , , country]) => ({ name, country })));
  const order: { key: string; index: number; locale?: Locale }[] = rows.map((row, index) => ({
    key: nameKey(row[0]),
    index,
  }));
  // A town is found by its name in the visitor's language too ("Bruxelles" on the French site); only in that language,
  // so that "Aix" finds Aachen for a French visitor (Aix-la-Chapelle) and not for an English one.
  for (const [index, names] of exonyms) {
    const own = order[index]!.key;
    for (const [locale, name] of Object.entries(names) as [Locale, string][]) {
      const key = nameKey(name);
      if (key !== own) order.push({ key, index, locale });
    }
  }
  order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  const keys = order.map((o) => o.key);
  const indexes = Int32Array.from(order, (o) => o.index);
  const keyLocales = order.map((o) => o.locale);

  const toTown = (index: number, locale?: Locale): Town => {
    const [own, lng, lat, population, country, region] = rows[index]!;
    const name = (locale && exonyms.get(index)?.[locale]) ?? own;
    return { id: index, name, country, region: region ? (data.regions[region] ?? null) : null, lng, lat, population };
  };
  const places = data.places ?? [];
  const placeExonyms = exonymsOf(places.map(([name, , , , country]) => ({ name, country })));
  /** A place as a town: numbered after the towns. */
  const toPlaceTown = (index: number, locale?: Locale): Town => {
    const [own, lng, lat, population, country] = places[index]!;
    const name = (locale && placeExonyms.get(index)?.[locale]) ?? own;
    return { id: rows.length + index, name, country, region: null, lng, lat, population };
  };

  /** A town's weight seen from `near` (NEAR_SCALE_KM). */
  const weightFrom = (near: { lng: number; lat: number }) => (index: number) => {
    const [, lng, lat, population] = rows[index]!;
    const km = haversineMeters(near.lng, near.lat, lng, lat) / 1000;
    return population / (1 + km / NEAR_SCALE_KM) ** 2;
  };

  const lookup = (text: string, limit = 5, locale?: Locale, near?: { lng: number; lat: number }): Town[] => {
    /** Per row found: its whole name was typed; the text starts its own (GeoNames') name. */
    const found = new Map<number, { exact: boolean; own: boolean }>();
    for (const prefix of queryKeys(text)) {
      if (prefix.length < 2) continue;
      for (let i = lowerBound(keys, prefix); i < keys.length && keys[i]!.startsWith(prefix); i++) {
        const only = keyLocales[i];
        if (only !== undefined && only !== locale) continue;
        const index = indexes[i]!;
        const seen = found.get(index);
        found.set(index, {
          exact: seen?.exact === true || keys[i] === prefix,
          own: seen?.own === true || only === undefined,
        });
      }
    }
    // Whole names first, by size ("cologne": the German city before an Italian village of that name). Among the names
    // only begun, a town's own name before a translated one ("aix": Aix-en-Provence before Aix-la-Chapelle, which is
    // bigger), then by size. Rows are stored biggest first. Seen from a point, size is weighed down with distance:
    // "le" over France lists Le Havre and Le Mans before Leipzig and Leganés.
    const weight = near ? weightFrom(near) : () => 0;
    return [...found]
      .map(([index, { exact, own }]) => ({ index, exact, own, weight: weight(index) }))
      .sort(
        (x, y) =>
          Number(y.exact) - Number(x.exact) ||
          (x.exact ? 0 : Number(y.own) - Number(x.own)) ||
          y.weight - x.weight ||
          x.index - y.index,
      )
      .slice(0, limit)
      .map(({ index }) => toTown(index, locale));
  };

  const largestWithin = (box: TownBox, minPopulation: number, limit: number, locale?: Locale): Town[] => {
    const found: Town[] = [];
    const inBox = ([, lng, lat]: readonly [string, number, number, ...unknown[]]) =>
      lng >= box.west && lng <= box.east && lat >= box.south && lat <= box.north;
    // Both lists are stored biggest first: one walk through both in that order (a town before a place of its size)
    // stops at the first one too small.
    let t = 0;
    let p = 0;
    while (found.length < limit) {
      const town = rows[t];
      const place = places[p];
      const takeTown = town !== undefined && (place === undefined || town[3] >= place[3]);
      const population = takeTown ? town[3] : place?.[3];
      if (population === undefined || population < minPopulation) break;
      if (takeTown) {
        if (inBox(town)) found.push(toTown(t, locale));
        t++;
      } else {
        if (inBox(place!)) found.push(toPlaceTown(p, locale));
        p++;
      }
    }
    return found;
  };

  return { size: rows.length, lookup, largestWithin };
}

/** Whether the text names the town itself (not just the start of its name): towns then come first in the list. */
export function namesTown(text: string, town: Pick<Town, 'name'>): boolean {
  const key = nameKey(town.name);
  return queryKeys(text).some((prefix) => key === prefix || key.startsWith(`${prefix} `));
}
