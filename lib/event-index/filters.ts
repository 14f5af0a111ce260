import { MAIN_CATEGORIES, type TPricesFilter } from '@/lib/contract';
import { pricesMatch } from '@/lib/contract/prices';
import type { EventColumns } from './columns';
import { circleBoxes, haversineMeters, rectangleBoxes } from './geo';
import type { EventsQuery, LocationQuery, PriceQuery } from './events-query';

/*
 * The events query's filters as predicates over slots, one closure per filter composed once per query (not per
 * slot). They read the columns as they are when built: a predicate is valid until the index next changes.
 */

/** A predicate over slots for the location filter (null = everything). */
export function locationTest(columns: EventColumns, location: LocationQuery | null): ((s: number) => boolean) | null {
  if (location === null) return null;
  const { lng, lat } = columns;
  if (location.kind === 'rectangle') {
    const [first, second] = rectangleBoxes(location);
    return (s) => {
      const y = lat[s]!;
      if (y < location.minLat || y > location.maxLat) return false;
      const x = lng[s]!;
      return (
        (x >= first!.minLng && x <= first!.maxLng) || (second !== undefined && x >= second.minLng && x <= second.maxLng)
      );
    };
  }
  const boxes = circleBoxes(location.lng, location.lat, location.maxDistance);
  return (s) => {
    const x = lng[s]!;
    const y = lat[s]!;
    let inBox = false;
    for (const box of boxes) {
      if (x >= box.minLng && x <= box.maxLng && y >= box.minLat && y <= box.maxLat) inBox = true;
    }
    return inBox && haversineMeters(x, y, location.lng, location.lat) <= location.maxDistance;
  };
}

/** A predicate over slots for the price filter (null = everything). */
function priceTest(columns: EventColumns, prices: PriceQuery | null): ((s: number) => boolean) | null {
  if (prices === null) return null;
  if (prices.known === undefined && prices.lowest === undefined && prices.highest === undefined) return null;
  // The spec's rule is pricesMatch's (lib/contract/prices.ts), the same the web app's search results apply; here
  // it reads the columns, an unknown price being NaN.
  const filter: TPricesFilter = {
    ...(prices.lowest !== undefined && { lowestPrice: prices.lowest }),
    ...(prices.highest !== undefined && { highestPrice: prices.highest }),
    ...(prices.known !== undefined && { hasKnownPrice: prices.known }),
  };
  const unknownMatches = pricesMatch(filter, null, null);
  const { lowest, highest } = columns;
  return (s) => {
    const l = lowest[s]!;
    return l !== l ? unknownMatches : pricesMatch(filter, l, highest[s]!);
  };
}

/** The predicate of an events query over live slots (dates, categories, sources, prices, location). */
export function eventsTest(columns: EventColumns, query: EventsQuery): (s: number) => boolean {
  let partnerIds: Set<number> | null = null;
  if (query.sources !== null) {
    partnerIds = new Set();
    for (const name of query.sources) {
      const id = columns.partnerIdOf(name);
      if (id !== undefined) partnerIds.add(id);
    }
  }
  const { start, end, mask, partners } = columns;
  const { minMs, maxMs } = query;
  const tests: ((s: number) => boolean)[] = [];
  if (query.categories !== null) {
    let bits = 0;
    for (const c of query.categories) {
      const i = (MAIN_CATEGORIES as readonly string[]).indexOf(c);
      if (i >= 0) bits |= 1 << i;
    }
    const none = query.categories.includes('none');
    tests.push((s) => (mask[s]! & bits) !== 0 || (none && mask[s] === 0));
  }
  if (partnerIds !== null) {
    const ids = partnerIds;
    tests.push((s) => partners[s]!.some((p) => ids.has(p)));
  }
  const price = priceTest(columns, query.prices);
  if (price) tests.push(price);
  const location = locationTest(columns, query.location);
  if (location) tests.push(location);
  const [a, b, c, d] = tests;
  const dates = (s: number) => start[s]! <= maxMs && end[s]! >= minMs;
  switch (tests.length) {
    case 0:
      return dates;
    case 1:
      return (s) => dates(s) && a!(s);
    case 2:
      return (s) => dates(s) && a!(s) && b!(s);
    case 3:
      return (s) => dates(s) && a!(s) && b!(s) && c!(s);
    default:
      return (s) => dates(s) && a!(s) && b!(s) && c!(s) && d!(s);
  }
}
