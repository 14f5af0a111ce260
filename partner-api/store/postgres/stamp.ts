import type { Clock } from '@/partner-api/clock';
import type { PgClient, Queryable } from './pool';

/** The channel a committed catalogue write notifies, with its `updatedAt` as payload (LISTEN/NOTIFY). */
export const CATALOGUE_CHANNEL = 'eventmap_catalogue';

/**
 * The `updatedAt` of a write: `max(clock(), last + 1 ms)`, strictly increasing across all writes of all replicas
 * (docs/design.md §4.5). Updating the one `catalogue_clock` row locks it until the write's transaction ends, so the
 * next writer — on any replica — waits for this commit before drawing its stamp: stamps are handed out in commit
 * order, and a mirror that has seen stamp s has seen every write stamped before s (docs/decisions.md). Call it first
 * in the write's transaction, before touching any other row. The commit also notifies CATALOGUE_CHANNEL.
 */
export async function nextUpdatedMs(client: PgClient, clock: Clock): Promise<number> {
  const { rows } = await client.query<{ stamp: number }>(
    'UPDATE catalogue_clock SET last_updated_ms = greatest(last_updated_ms + 1, $1) RETURNING last_updated_ms AS stamp',
    [Math.trunc(clock())],
  );
  const stamp = (rows[0] as { stamp: number }).stamp;
  await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(stamp)]);
  return stamp;
}

/** Records `ms` as the last `updatedAt` handed out when it is later (bulk seeding and copying write their own). */
export async function advanceLastUpdatedMs(client: Queryable, ms: number): Promise<void> {
  await client.query('UPDATE catalogue_clock SET last_updated_ms = greatest(last_updated_ms, $1)', [ms]);
}

/** The last `updatedAt` handed out (committed). */
export async function lastUpdatedMs(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ stamp: number }>('SELECT last_updated_ms AS stamp FROM catalogue_clock');
  return rows[0]?.stamp ?? 0;
}

/**
 * `count` stamps for one transaction's writes at once: the same values `count` calls of nextUpdatedMs in a row give
 * when the clock does not move meanwhile (the first is `max(clock(), last + 1 ms)`, then one more millisecond each),
 * for one round trip and one notification instead of two per write — an ingestion batch writes hundreds of events.
 * Same rule as nextUpdatedMs: call it first in the transaction. Returns the first; `count` must be at least 1.
 */
export async function reserveUpdatedMs(client: PgClient, clock: Clock, count: number): Promise<number> {
  const { rows } = await client.query<{ stamp: number }>(
    `UPDATE catalogue_clock SET last_updated_ms = greatest(last_updated_ms + $2, $1 + $2 - 1)
     RETURNING last_updated_ms AS stamp`,
    [Math.trunc(clock()), count],
  );
  const last = (rows[0] as { stamp: number }).stamp;
  await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(last)]);
  return Number(last) - count + 1;
}
