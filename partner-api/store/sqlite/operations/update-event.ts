import type { EventPatch } from '../../types';
import { patchEventFields, patchEventRefs, type PatchRefs } from '../../model/mutations';
import { ensureMapPlace, ensurePerformer, ensurePlace, sourceRecordsOf } from '../rows/resolve-input';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/**
 * Changes some of an event's fields; arrays replace the current ones. New sources re-derive the event's prices.
 * Returns the new updatedAt (ms), or null when the event does not exist.
 */
export function updateEvent(ctx: StoreContext, id: number, patch: EventPatch): number | null {
  return rewriteEvent(ctx, id, (record) => {
    const { db } = ctx;
    patchEventFields(record, patch);
    const refs: PatchRefs = {};
    if (patch.mapPlace !== undefined) refs.mapPlace = patch.mapPlace ? ensureMapPlace(db, patch.mapPlace) : null;
    const mapPlace = refs.mapPlace === undefined ? record.mapPlace : refs.mapPlace;
    if (patch.place !== undefined) refs.place = ensurePlace(db, patch.place, mapPlace?.id ?? null);
    if (patch.sources !== undefined) refs.sources = sourceRecordsOf(db, patch.sources, record);
    if (patch.performers !== undefined) refs.performers = patch.performers.map((p) => ensurePerformer(db, p));
    patchEventRefs(record, patch, refs);
  });
}
