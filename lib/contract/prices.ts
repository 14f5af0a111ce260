import type { TPricesFilter } from './events';

/**
 * The spec's price rule, written once for every program that filters events (the service's index, the web app's
 * search results): the event's `[lowestPrice, highestPrice]` must intersect the filter's bounds; an event whose
 * lowest price is unknown (null) matches unless `hasKnownPrice` is true, and only such events match when it is false.
 * A missing highest price counts as the lowest (a single price).
 */
export function pricesMatch(
  filter: TPricesFilter | null | undefined,
  lowestPrice: number | null,
  highestPrice: number | null,
): boolean {
  if (!filter) return true;
  if (lowestPrice === null) return filter.hasKnownPrice !== true;
  if (filter.hasKnownPrice === false) return false;
  const highest = highestPrice ?? lowestPrice;
  if (filter.lowestPrice !== undefined && highest < filter.lowestPrice) return false;
  return filter.highestPrice === undefined || lowestPrice <= filter.highestPrice;
}

/**
 * The explorer's price filters as the spec's `pricesFilter` (what `GET /api/explorer/events` sends upstream):
 * free = a known price range reaching 0 €; a maximum = ranges starting at or below it; or only known prices.
 */
export function explorerPricesFilter(filters: {
  free: boolean;
  maxPrice: number | null;
  knownPrice: boolean;
}): TPricesFilter | null {
  if (filters.free) return { lowestPrice: 0, highestPrice: 0, hasKnownPrice: true };
  if (filters.maxPrice === null && !filters.knownPrice) return null;
  return {
    ...(filters.maxPrice !== null && { highestPrice: filters.maxPrice }),
    ...(filters.knownPrice && { hasKnownPrice: true }),
  };
}
