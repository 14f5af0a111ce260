import type { CatalogueChanges, FeedCursor, IndexedEvent } from '../port';
import { withClient, type PgPool } from './pool';
import { PURGED_THROUGH_KEY } from './reads';

/** Meta key of the catalogue's generation: replaced when the whole catalogue is (a reseed with reset). */
export const GENERATION_KEY = 'catalogue_generation';

type Row = [number, number, number, number, number, number, number | null, number | null, number];

/**
 * The change feed (CatalogueFeed.changesSince): events stamped after the cursor, in stamp order, cut at `limit`, and
 * the deletions stamped in the same range, all read from one REPEATABLE READ snapshot so rows, tombstones and the
 * last stamp agree. Stamps are drawn under the catalogue clock's row lock and so commit in stamp order
 * (stamp.ts): a snapshot that shows stamp s shows every write stamped before s, and a delta never skips a row.
 */
export async function changesSince(pool: PgPool, cursor: FeedCursor | null, limit: number): Promise<CatalogueChanges> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { rows: heads } = await client.query<{ last: number; generation: string | null; purged: string | null }>(
        `SELECT (SELECT last_updated_ms FROM catalogue_clock) AS last,
                (SELECT value FROM meta WHERE key = $1) AS generation,
                (SELECT value FROM meta WHERE key = $2) AS purged`,
        [GENERATION_KEY, PURGED_THROUGH_KEY],
      );
      const head = heads[0] as { last: number; generation: string | null; purged: string | null };
      const generation = head.generation ?? '0';
      const last = head.last;
      const purgedThrough = head.purged === null ? -Infinity : Number(head.purged);
      const reset =
        cursor === null || cursor.generation !== generation || cursor.stamp > last || cursor.stamp < purgedThrough;
      const from = reset ? Number.MIN_SAFE_INTEGER : cursor.stamp;
      if (!reset && from === last) {
        return { reset, events: [], deletedIds: [], cursor: { generation, stamp: last }, complete: true };
      }
      const { rows } = await client.query<Row>({
        text: `SELECT id, lng, lat, start_ms, end_ms, updated_ms, lowest_price, highest_price, category_mask
               FROM events WHERE updated_ms > $1 ORDER BY updated_ms LIMIT $2`,
        values: [from, limit],
        rowMode: 'array',
      });
      const complete = rows.length < limit;
      const through = complete ? last : (rows[rows.length - 1] as Row)[5];
      const { rows: partnerRows } = await client.query<[number, string]>({
        text: `SELECT s.event_id, pa.name FROM events e JOIN sources s ON s.event_id = e.id
               JOIN partners pa ON pa.id = s.partner_id WHERE e.updated_ms > $1 AND e.updated_ms <= $2
               ORDER BY s.id`,
        values: [from, through],
        rowMode: 'array',
      });
      const partners = new Map<number, string[]>();
      for (const [eventId, name] of partnerRows) {
        const list = partners.get(eventId);
        if (!list) partners.set(eventId, [name]);
        else if (!list.includes(name)) list.push(name);
      }
      const events: IndexedEvent[] = rows.map((r) => ({
        id: r[0],
        lng: r[1],
        lat: r[2],
        startMs: r[3],
        endMs: r[4],
        updatedMs: r[5],
        lowestPrice: r[6],
        highestPrice: r[7],
        categoryMask: r[8],
        partners: partners.get(r[0]) ?? [],
      }));
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
