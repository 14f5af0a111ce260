import { nextUpdatedMs } from '../rows/next-updated-ms';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/**
 * Deletes an event with its sources, links and commentaries and writes a tombstone
 * stamped like any write (strictly after every earlier updatedAt), so a catalogue mirror learns of the deletion.
 * Returns the deletion time, or null when the event does not exist.
 */
export function deleteEvent(ctx: StoreContext, id: number): number | null {
  const { db } = ctx;
  return db
    .transaction(() => {
      const exists = stmt(db, 'SELECT 1 FROM events WHERE id = ?').get(id);
      if (!exists) return null;
      const deletedMs = nextUpdatedMs(db, ctx.clock);
      stmt(db, 'DELETE FROM sources WHERE event_id = ?').run(id);
      stmt(db, 'DELETE FROM event_categories WHERE event_id = ?').run(id);
      stmt(db, 'DELETE FROM event_performers WHERE event_id = ?').run(id);
      stmt(db, 'DELETE FROM commentaries WHERE event_id = ?').run(id);
      stmt(db, 'DELETE FROM events WHERE id = ?').run(id);
      stmt(
        db,
        'INSERT INTO tombstones (event_id, deleted_ms) VALUES (?, ?) ON CONFLICT (event_id) DO UPDATE SET deleted_ms = excluded.deleted_ms',
      ).run(id, deletedMs);
      return deletedMs;
    })
    .immediate();
}
