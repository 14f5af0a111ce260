import type { StoredEventJson } from '../../types';
import type { Queryable } from '../pool';
import { storedJson, type JsonRow } from '../rows/stored-event-json';

/** The stored JSON fragments of an event, or null when it does not exist or was deleted. */
export async function getEvent(q: Queryable, id: number): Promise<StoredEventJson | null> {
  const { rows } = await q.query<JsonRow>('SELECT body, commentaries_json, performers_json FROM events WHERE id = $1', [
    id,
  ]);
  return rows[0] ? storedJson(rows[0]) : null;
}
