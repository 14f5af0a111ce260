import type { RecordWithEventsJson } from '../../search-types';
import { mapPlaceJson } from '../../model/serialize-event';
import { cannotBeStored } from '../pool';
import { loadMapPlace } from '../records';
import { recordEvents } from '../rows/record-events';
import type { PgStoreContext } from '../rows/store-context';

export async function getMapPlace(ctx: PgStoreContext, mapPlaceId: string): Promise<RecordWithEventsJson | null> {
  if (cannotBeStored(mapPlaceId)) return null;
  const mapPlace = await loadMapPlace(ctx.pool, mapPlaceId);
  if (!mapPlace) return null;
  return {
    record: JSON.stringify(mapPlaceJson(mapPlace)),
    events: await recordEvents(ctx.pool, 'mapPlace', mapPlaceId, ctx.clock()),
  };
}
