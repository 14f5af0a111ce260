import type { ClicksPage, ListClicksParams } from '../../search-types';
import { clickOfRow, type ClickRow } from '../../model/clicks';
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
  ).all(params.clientId, after, params.limit, (params.pageNumber - 1) * params.limit) as ClickRow[];
  return { totalItems: total, clicks: rows.map(clickOfRow) };
}
