import type { StoreContext } from '../rows/store-context';
import { stmt } from '../statements';

/**
 * The id of the event with this service id, or null when there is none (deleted events are gone from `events`).
 * Service ids are not unique in the schema: the lowest event id wins, so the answer is stable.
 */
export function findEventIdByServiceId(ctx: StoreContext, serviceId: number): number | null {
  const row = stmt(ctx.db, 'SELECT id FROM events WHERE service_id = ? ORDER BY id LIMIT 1').get(serviceId) as
    { id: number } | undefined;
  return row ? row.id : null;
}
