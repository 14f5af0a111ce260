import type { CataloguePageData, CataloguePageRequest, CatalogueStateChanges } from '../../port';
import { inTransaction, type Queryable } from '../pool';
import { fullEventJsonByIds } from '../rows/event-json';
import type { PgStoreContext } from '../rows/store-context';
import { PURGED_THROUGH_KEY } from './changes-since';

async function ids(q: Queryable, sql: string, since: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(sql, [since]);
  return rows.map((row) => row.id);
}

/** The ids that changed state since `since` (docs/design.md §4.5), anywhere, ascending: the caller keeps the location. */
async function stateChanges(
  q: Queryable,
  request: CataloguePageRequest,
  since: number,
): Promise<CatalogueStateChanges> {
  // With trackAvailabilities, a source that sold out also counts, even while the event has other sources left.
  const notAvailable = request.trackAvailabilities
    ? `e.not_available_ms > $1 OR (e.updated_ms > $1 AND EXISTS (SELECT 1 FROM sources s
         WHERE s.event_id = e.id AND s.not_available_ms > $1))`
    : 'e.not_available_ms > $1';
  return {
    cancelled: await ids(q, 'SELECT id FROM events e WHERE e.cancelled_ms > $1 ORDER BY id', since),
    notAvailable: await ids(q, `SELECT id FROM events e WHERE ${notAvailable} ORDER BY id`, since),
    deleted: await ids(q, 'SELECT event_id AS id FROM tombstones WHERE deleted_ms > $1 ORDER BY event_id', since),
  };
}

/**
 * Drops tombstones older than the horizon and returns the latest deletion time no longer on record (see the SQLite
 * store's catalogue page for why 410 keys on it rather than on the horizon).
 */
async function purgeTombstones(ctx: PgStoreContext, horizon: number): Promise<number> {
  const { rows } = await ctx.pool.query<{ purged: number | null; through: string | null }>(
    `SELECT (SELECT max(deleted_ms) FROM tombstones WHERE deleted_ms < $1) AS purged,
            (SELECT value FROM meta WHERE key = $2) AS through`,
    [horizon, PURGED_THROUGH_KEY],
  );
  const purged = rows[0]?.purged ?? null;
  const recorded = rows[0]?.through ?? null;
  const through = Math.max(recorded === null ? -Infinity : Number(recorded), purged ?? -Infinity);
  if (purged !== null) {
    await inTransaction(ctx.pool, async (client) => {
      await client.query('DELETE FROM tombstones WHERE deleted_ms < $1', [horizon]);
      await client.query(
        `INSERT INTO meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = greatest(meta.value::BIGINT, excluded.value::BIGINT)::TEXT`,
        [PURGED_THROUGH_KEY, String(through)],
      );
    });
  }
  return through;
}

export async function cataloguePage(ctx: PgStoreContext, request: CataloguePageRequest): Promise<CataloguePageData> {
  // Only a delta's answer depends on the tombstones, so only deltas purge them (a round trip a snapshot walk's every
  // page would pay otherwise): until a mirror asks for one, nothing reads them, and they stay one small row per deletion.
  if (request.since !== null) {
    const purgedThrough = await purgeTombstones(ctx, request.tombstoneHorizonMs);
    if (request.since < purgedThrough) return { kind: 'resync-required' };
  }
  const items = await fullEventJsonByIds(ctx.pool, request.ids);
  const changes =
    request.since !== null && request.withStateChanges
      ? await stateChanges(ctx.pool, request, request.since)
      : { cancelled: [], notAvailable: [], deleted: [] };
  return { kind: 'page', items, changes };
}
