import type { EventPatch } from '../../types';
import { patchEventFields, patchEventRefs, type PatchRefs } from '../../model/mutations';
import { ensureMapPlace, ensurePerformer, ensurePlace, sourceRecordsOf } from '../resolve-input';
import { rewriteEvent } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export function updateEvent(ctx: PgStoreContext, id: number, patch: EventPatch): Promise<number | null> {
  return rewriteEvent(ctx, id, async (client, record) => {
    patchEventFields(record, patch);
    const refs: PatchRefs = {};
    if (patch.mapPlace !== undefined) {
      refs.mapPlace = patch.mapPlace ? await ensureMapPlace(client, patch.mapPlace) : null;
    }
    const mapPlace = refs.mapPlace === undefined ? record.mapPlace : refs.mapPlace;
    if (patch.place !== undefined) refs.place = await ensurePlace(client, patch.place, mapPlace?.id ?? null);
    if (patch.sources !== undefined) refs.sources = await sourceRecordsOf(client, patch.sources, record);
    if (patch.performers !== undefined) {
      refs.performers = [];
      for (const p of patch.performers) refs.performers.push(await ensurePerformer(client, p));
    }
    patchEventRefs(record, patch, refs);
  });
}
