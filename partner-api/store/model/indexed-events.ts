import type { IndexedEvent } from '../port';

/** The events-table columns the change feed reads for the EventIndex, as `e.…`, in IndexedEventRow's order. */
export const INDEXED_EVENT_COLUMNS =
  'e.id, e.lng, e.lat, e.start_ms, e.end_ms, e.updated_ms, e.lowest_price, e.highest_price, e.category_mask';

/** One row of INDEXED_EVENT_COLUMNS, as either store's driver returns it in array mode. */
export type IndexedEventRow = [number, number, number, number, number, number, number | null, number | null, number];

/**
 * The change feed's events from their rows and the (event id, partner name) pairs of their sources: each event's
 * partners once each, in the order of those pairs.
 */
export function indexedEvents(
  rows: readonly IndexedEventRow[],
  partnerRows: readonly (readonly [number, string])[],
): IndexedEvent[] {
  const partners = new Map<number, string[]>();
  for (const [eventId, name] of partnerRows) {
    const list = partners.get(eventId);
    if (!list) partners.set(eventId, [name]);
    else if (!list.includes(name)) list.push(name);
  }
  return rows.map((r) => ({
    id: r[0],
    lng: r[1],
    lat: r[2],
    startMs: r[3],
    endMs: r[4],
    updatedMs: r[5],
    lowestPrice: r[6],
    highestPrice: r[7],
    categoryMask: r[8],
    partners: partners.get(r[0]) ?? [],
  }));
}
