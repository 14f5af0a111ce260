import type { StoredEventJson } from '../../types';
import type { StoreContext } from '../rows/store-context';
import { stmt } from '../statements';

/** The stored JSON fragments of an event, or null when it does not exist or was deleted. */
export function getEvent(ctx: StoreContext, id: number): StoredEventJson | null {
  const row = stmt(ctx.db, 'SELECT body, commentaries_json, performers_json FROM events WHERE id = ?').get(id) as
    { body: string; commentaries_json: string; performers_json: string } | undefined;
  return row ? { body: row.body, commentaries: row.commentaries_json, performers: row.performers_json } : null;
}
