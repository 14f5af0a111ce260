import { cleanText } from '@/partner-api/links/link-marker';
import type { EventPatch } from '../../types';
import { assertDates, assertFinite, categoryIdsOf, commentaryRecordsOf, derivePrices } from '../../model/derive';
import { ensureMapPlace, ensurePerformer, ensurePlace, sourceRecordsOf } from '../rows/resolve-input';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/**
 * Changes some of an event's fields; arrays replace the current ones. New sources re-derive the event's prices.
 * Returns the new updatedAt (ms), or null when the event does not exist.
 */
export function updateEvent(ctx: StoreContext, id: number, patch: EventPatch): number | null {
  return rewriteEvent(ctx, id, (record) => {
    const { db } = ctx;
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
    if (patch.mapPlace !== undefined) record.mapPlace = patch.mapPlace ? ensureMapPlace(db, patch.mapPlace) : null;
    if (patch.place !== undefined) {
      record.place = ensurePlace(db, patch.place, record.mapPlace?.id ?? null);
      record.timeZone = record.place.timeZone;
    }
    if (patch.categories !== undefined) record.categoryIds = categoryIdsOf(patch.categories);
    if (patch.sources !== undefined) {
      record.sources = sourceRecordsOf(db, patch.sources, record);
      Object.assign(record, derivePrices(record.sources));
    }
    if (patch.performers !== undefined) record.performers = patch.performers.map((p) => ensurePerformer(db, p));
    if (patch.commentaries !== undefined) record.commentaries = commentaryRecordsOf(patch.commentaries);
  });
}
