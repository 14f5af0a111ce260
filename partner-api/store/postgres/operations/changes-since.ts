import { indexedEvents, INDEXED_EVENT_COLUMNS, type IndexedEventRow } from '../../model/indexed-events';
import type { CatalogueChanges, FeedCursor } from '../../port';
import { withClient, type PgPool, type Queryable } from '../pool';

export { lastUpdatedMs } from '../stamp';

/** Meta key: the latest `deleted_ms` among purged tombstones (a `lastUpdatedAt` before it may have missed one). */
export const PURGED_THROUGH_KEY = 'tombstones_purged_through_ms';

/** Meta key of the catalogue's generation: replaced when the whole catalogue is (a reseed with reset). */
export const GENERATION_KEY = 'catalogue_generation';

interface Head {
  last: number;
  generation: string;
  purgedThrough: number;
}

/** The last stamp, the generation and the purge mark, read in one statement (one snapshot). */
async function readHead(q: Queryable): Promise<Head> {
  const { rows } = await q.query<{ last: number; generation: string | null; purged: string | null }>(
    `SELECT (SELECT last_updated_ms FROM catalogue_clock) AS last,
            (SELECT value FROM meta WHERE key = $1) AS generation,
            (SELECT value FROM meta WHERE key = $2) AS purged`,
    [GENERATION_KEY, PURGED_THROUGH_KEY],
  );
  const head = rows[0] as { last: number; generation: string | null; purged: string | null };
  return {
    last: head.last,
    generation: head.generation ?? '0',
    purgedThrough: head.purged === null ? -Infinity : Number(head.purged),
  };
}

const isReset = (cursor: FeedCursor | null, head: Head): boolean =>
  cursor === null ||
  cursor.generation !== head.generation ||
  cursor.stamp > head.last ||
  cursor.stamp < head.purgedThrough;

/**
 * The change feed (CatalogueFeed.changesSince): events stamped after the cursor, in stamp order, cut at `limit`, and
 * the deletions stamped in the same range, all read from one REPEATABLE READ snapshot so rows, tombstones and the
 * last stamp agree. Stamps are drawn under the catalogue clock's row lock and so commit in stamp order
 * (stamp.ts): a snapshot that shows stamp s shows every write stamped before s, and a delta never skips a row.
 */
export async function changesSince(pool: PgPool, cursor: FeedCursor | null, limit: number): Promise<CatalogueChanges> {
  // The common answer, "nothing since", in one round trip rather than a transaction's three: every catalogue page
  // asks (a mirror's cursor must never pass a change it was not shown), and almost always nothing changed.
  if (cursor !== null) {
    const head = await readHead(pool);
    if (!isReset(cursor, head) && cursor.stamp === head.last) {
      return {
        reset: false,
        events: [],
        deletedIds: [],
        cursor: { generation: head.generation, stamp: head.last },
        complete: true,
      };
    }
  }
  return withClient(pool, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const head = await readHead(client);
      const { generation, last } = head;
      const reset = isReset(cursor, head);
      const from = reset || cursor === null ? Number.MIN_SAFE_INTEGER : cursor.stamp;
      if (!reset && from === last) {
        return { reset, events: [], deletedIds: [], cursor: { generation, stamp: last }, complete: true };
      }
      const { rows } = await client.query<IndexedEventRow>({
        text: `SELECT ${INDEXED_EVENT_COLUMNS} FROM events e WHERE e.updated_ms > $1 ORDER BY e.updated_ms LIMIT $2`,
        values: [from, limit],
        rowMode: 'array',
      });
      const complete = rows.length < limit;
      const through = complete ? last : (rows[rows.length - 1] as IndexedEventRow)[5];
      const { rows: partnerRows } = await client.query<[number, string]>({
        text: `SELECT s.event_id, pa.name FROM events e JOIN sources s ON s.event_id = e.id
               JOIN partners pa ON pa.id = s.partner_id WHERE e.updated_ms > $1 AND e.updated_ms <= $2
               ORDER BY s.id`,
        values: [from, through],
        rowMode: 'array',
      });
      const events = indexedEvents(rows, partnerRows);
      const deletedIds = reset
        ? []
        : (
            await client.query<{ event_id: number }>(
              'SELECT event_id FROM tombstones WHERE deleted_ms > $1 AND deleted_ms <= $2 ORDER BY deleted_ms',
              [from, through],
            )
          ).rows.map((row) => row.event_id);
      return { reset, events, deletedIds, cursor: { generation, stamp: through }, complete };
    } finally {
      await client.query('COMMIT').catch(() => undefined);
    }
  });
}
