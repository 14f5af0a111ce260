import type { RecordWithEventsJson } from '../../search-types';
import { loadMapPlace } from '../rows/event-record';
import { recordEvents } from '../rows/record-events';
import { mapPlaceJson } from '../../model/serialize-event';
import type { StoreContext } from '../rows/store-context';

/** A map place with its events (upcoming first, then past; see RECORD_EVENTS_LIMIT), or null when unknown. */
export function getMapPlace(ctx: StoreContext, mapPlaceId: string): RecordWithEventsJson | null {
  const mapPlace = loadMapPlace(ctx.db, mapPlaceId);
  if (!mapPlace) return null;
  return {
    record: JSON.stringify(mapPlaceJson(mapPlace)),
    events: recordEvents(ctx.db, 'mapPlace', mapPlaceId, ctx.clock()),
  };
}
