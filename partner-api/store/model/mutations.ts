import { cleanText } from '@/partner-api/links/link-marker';
import type { AvailabilityInput, EventPatch, RepriceInput } from '../types';
import { assertDates, assertFinite, assertPrices, categoryIdsOf, commentaryRecordsOf, derivePrices } from './derive';
import type { EventRecord, MapPlaceRecord, PerformerRecord, PlaceRecord, SourceRecord } from './records';

/*
 * The catalogue writes on an existing event, as changes to its record: each store loads the record, applies one of
 * these and writes it back in one transaction, so both stores apply every rule alike.
 */

/** Applies a patch's own fields (name, dates, flags, score), checked, before the store resolves what it refers to. */
export function patchEventFields(record: EventRecord, patch: EventPatch): void {
  if (patch.name !== undefined) record.name = cleanText(patch.name);
  if (patch.description !== undefined) record.description = cleanText(patch.description);
  if (patch.startMs !== undefined) record.startMs = patch.startMs;
  if (patch.endMs !== undefined) record.endMs = patch.endMs;
  assertDates(record.startMs, record.endMs);
  if (patch.hasEndDateNotReliable !== undefined) record.hasEndDateNotReliable = patch.hasEndDateNotReliable;
  if (patch.trendingScore !== undefined) {
    assertFinite(patch.trendingScore, 'trendingScore');
    record.trendingScore = patch.trendingScore;
  }
}

/** The rows a patch refers to, found or created by the store: present exactly when the patch changes them. */
export interface PatchRefs {
  mapPlace?: MapPlaceRecord | null;
  place?: PlaceRecord;
  sources?: SourceRecord[];
  performers?: PerformerRecord[];
}

/** Applies the rest of a patch (arrays replace the current ones; new sources re-derive the event's prices). */
export function patchEventRefs(record: EventRecord, patch: EventPatch, refs: PatchRefs): void {
  if (refs.mapPlace !== undefined) record.mapPlace = refs.mapPlace;
  if (refs.place !== undefined) {
    record.place = refs.place;
    record.timeZone = refs.place.timeZone;
  }
  if (patch.categories !== undefined) record.categoryIds = categoryIdsOf(patch.categories);
  if (refs.sources !== undefined) {
    record.sources = refs.sources;
    Object.assign(record, derivePrices(refs.sources));
  }
  if (refs.performers !== undefined) record.performers = refs.performers;
  if (patch.commentaries !== undefined) record.commentaries = commentaryRecordsOf(patch.commentaries);
}

/** Checks a repricing before any write starts. */
export function assertReprice(prices: RepriceInput): void {
  assertPrices(prices.lowestPrice, prices.highestPrice, 'repriced event');
}

/** Sets the prices of an event and of all its sources (a repricing at the ticketing partners). */
export function repriceRecord(record: EventRecord, prices: RepriceInput): void {
  record.lowestPrice = prices.lowestPrice;
  record.highestPrice = prices.highestPrice;
  for (const source of record.sources) {
    source.lowestPrice = prices.lowestPrice;
    source.highestPrice = prices.highestPrice;
    if (prices.isGoodDeal !== undefined) source.isGoodDeal = prices.isGoodDeal;
  }
  if (prices.isGoodDeal !== undefined) record.hasGoodDeal = prices.isGoodDeal;
}

/** Marks an event cancelled at `atMs`; an already cancelled event keeps its first cancellation date. */
export function cancelRecord(record: EventRecord, atMs: number): void {
  record.cancelledMs ??= atMs;
}

/** Marks an event and every source of it unavailable (sold out, no more availability) at `atMs`. */
export function markRecordUnavailable(record: EventRecord, atMs: number): void {
  record.notAvailableMs ??= atMs;
  for (const source of record.sources) {
    source.notAvailableMs ??= atMs;
    source.isBookable = false;
  }
}

/** Replaces the available dates of one source, or of every source without `sourceId` (another event's is ignored). */
export function changeRecordAvailabilities(record: EventRecord, change: AvailabilityInput): void {
  for (const source of record.sources) {
    if (change.sourceId !== undefined && source.id !== change.sourceId) continue;
    source.availableDates = change.availableDates.map((d) => ({
      startMs: d.startMs,
      endMs: d.endMs,
      hasEndDateNotReliable: d.hasEndDateNotReliable ?? false,
      hasUnknownAvailability: d.hasUnknownAvailability ?? false,
    }));
    if (change.cantRetrieveAvailableDates !== undefined) {
      source.cantRetrieveAvailableDates = change.cantRetrieveAvailableDates;
    }
  }
}
