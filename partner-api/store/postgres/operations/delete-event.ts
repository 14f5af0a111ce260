import { catalogueWrite } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

/** Deletes the event and its rows, leaving a tombstone stamped like any write; null when it does not exist. */
export function deleteEvent(ctx: PgStoreContext, id: number): Promise<number | null> {
  return catalogueWrite(ctx, async (client, deletedMs) => {
    const { rowCount } = await client.query('DELETE FROM events WHERE id = $1', [id]);
    if (!rowCount) return null;
    await client.query(
      `INSERT INTO tombstones (event_id, deleted_ms) VALUES ($1, $2)
       ON CONFLICT (event_id) DO UPDATE SET deleted_ms = excluded.deleted_ms`,
      [id, deletedMs],
    );
    return deletedMs;
  });
}
