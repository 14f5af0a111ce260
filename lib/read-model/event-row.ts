import type { TEvent } from '@/lib/contract';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import type { IndexedEvent } from '@/lib/event-index/indexed-event';
import { toExplorerEvent } from '@/lib/explorer/explorer-event';

/*
 * What the read model keeps of a mirrored event (the mirror's `read_events` row), derived from the catalogue's TEvent
 * by the service's own rules (docs/design.md §4.4), so that the shared EventIndex answers as the service's does: the
 * position is the map place's, else the place's; a price is unknown when either bound is; the category mask has a
 * bit per main category (a sub-category counts as its main); `sources` match partner names.
 */

/** One `read_events` row, as written and read. */
export interface ReadEventRow {
  id: number;
  lng: number;
  lat: number;
  startMs: number;
  endMs: number;
  updatedMs: number;
  lowestPrice: number | null;
  highestPrice: number | null;
  categoryMask: number;
  /** The partners' names as a JSON array. */
  partners: string;
  town: string | null;
  /** The TExplorerEvent's JSON. */
  card: string;
  /** The TEvent's JSON. */
  event: string;
}

/** Epoch ms of a `YYYY-MM-DD hh:mm:ss.SSS +hhmm` date of the API. */
export function instantMs(value: string): number {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3}) ([+-]\d{2})(\d{2})$/.exec(value);
  return m ? Date.parse(`${m[1]}T${m[2]}${m[3]}:${m[4]}`) : Date.parse(value);
}

/** The read model's row of a catalogue event. */
export function readEventRow(event: TEvent): ReadEventRow {
  let mask = 0;
  for (const c of event.categories) {
    const bit = (MAIN_CATEGORIES as readonly string[]).indexOf(c.mainCategory);
    if (bit >= 0) mask |= 1 << bit;
  }
  const partners: string[] = [];
  for (const source of event.sources) if (!partners.includes(source.partner.name)) partners.push(source.partner.name);
  const known = event.lowestPrice !== null && event.highestPrice !== null;
  return {
    id: event.id,
    lng: event.mapPlace?.lng ?? event.place.address.lng,
    lat: event.mapPlace?.lat ?? event.place.address.lat,
    startMs: instantMs(event.startDate),
    endMs: instantMs(event.endDate),
    updatedMs: Date.parse(event.updatedAt),
    lowestPrice: known ? event.lowestPrice : null,
    highestPrice: known ? event.highestPrice : null,
    categoryMask: mask,
    partners: JSON.stringify(partners),
    town: event.mapPlace?.city ?? event.place.address.city ?? null,
    card: JSON.stringify(toExplorerEvent(event)),
    event: JSON.stringify(event),
  };
}

/**
 * The index's entry of a row (its town as the label of the map's groups); `partners`, when given, is the row's
 * partners already parsed (the index only reads the array: entries may share one).
 */
export function indexedEventOf(
  row: Omit<ReadEventRow, 'card' | 'event'>,
  partners = JSON.parse(row.partners) as string[],
): IndexedEvent {
  return {
    id: row.id,
    lng: row.lng,
    lat: row.lat,
    startMs: row.startMs,
    endMs: row.endMs,
    updatedMs: row.updatedMs,
    lowestPrice: row.lowestPrice,
    highestPrice: row.highestPrice,
    categoryMask: row.categoryMask,
    partners,
    ...(row.town !== null && { label: row.town }),
  };
}
