import type { ClicksPage, ListClicksParams } from '../../search-types';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/** One page of a client's clicks made strictly after `afterMs`, oldest first (id breaks ties). */
export function listClicks(ctx: StoreContext, params: ListClicksParams): ClicksPage {
  const after = params.afterMs ?? Number.MIN_SAFE_INTEGER;
  const { total } = stmt(ctx.db, 'SELECT count(*) AS total FROM clicks WHERE client_id = ? AND created_ms > ?').get(
    params.clientId,
    after,
  ) as { total: number };
  const rows = stmt(
    ctx.db,
    `SELECT created_ms, link, source_id, event_id, event_name, source_name, commission FROM clicks
     WHERE client_id = ? AND created_ms > ? ORDER BY created_ms, id LIMIT ? OFFSET ?`,
  ).all(params.clientId, after, params.limit, (params.pageNumber - 1) * params.limit) as Array<{
    created_ms: number;
    link: string;
    source_id: number;
    event_id: number;
    event_name: string;
    source_name: string;
    commission: number;
  }>;
  return {
    totalItems: total,
    clicks: rows.map((row) => ({
      createdAt: new Date(row.created_ms).toISOString(),
      link: row.link,
      linkId: row.source_id,
      eventId: row.event_id,
      eventName: row.event_name,
      source: row.source_name,
      commission: row.commission,
    })),
  };
}
