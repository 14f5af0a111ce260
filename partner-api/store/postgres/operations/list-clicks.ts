import { clickOfRow, type ClickRow } from '../../model/clicks';
import type { ClickStore } from '../../port';
import type { PgStoreContext } from '../rows/store-context';

/** Recorded clicks (GET /v2/clicks), and whether a client has any. */
export function createPgClickList(ctx: PgStoreContext): Pick<ClickStore, 'listClicks' | 'hasClicks'> {
  const { pool } = ctx;
  return {
    async listClicks(params) {
      const after = params.afterMs ?? Number.MIN_SAFE_INTEGER;
      const { rows: totals } = await pool.query<{ total: number }>(
        'SELECT count(*)::INTEGER AS total FROM clicks WHERE client_id = $1 AND created_ms > $2',
        [params.clientId, after],
      );
      const { rows } = await pool.query<ClickRow>(
        `SELECT created_ms, link, source_id, event_id, event_name, source_name, commission FROM clicks
         WHERE client_id = $1 AND created_ms > $2 ORDER BY created_ms, id LIMIT $3 OFFSET $4`,
        [params.clientId, after, params.limit, (params.pageNumber - 1) * params.limit],
      );
      return { totalItems: totals[0]?.total ?? 0, clicks: rows.map(clickOfRow) };
    },
    async hasClicks(clientIds) {
      if (clientIds.length === 0) return false;
      const { rows } = await pool.query('SELECT 1 FROM clicks WHERE client_id = ANY($1::TEXT[]) LIMIT 1', [
        [...clientIds],
      ]);
      return rows.length > 0;
    },
  };
}
