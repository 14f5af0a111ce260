import { RECORD_EVENTS_LIMIT } from '../../search-types';
import type { StoredEventJson } from '../../types';
import type { Queryable } from '../pool';
import { storedJson, type JsonRow } from './stored-event-json';

type Owner = 'mapPlace' | 'performer';

// Upcoming and running events soonest first, then past ones most recent first (RECORD_EVENTS_LIMIT in all).
const OWNER_SQL: Record<Owner, string> = {
  mapPlace: `
    (SELECT id, 0 AS part, start_ms FROM events WHERE map_place_id = $1 AND end_ms >= $2 ORDER BY start_ms, id LIMIT $3)
    UNION ALL
    (SELECT id, 1 AS part, start_ms FROM events WHERE map_place_id = $1 AND end_ms < $2
     ORDER BY start_ms DESC, id LIMIT $3)`,
  performer: `
    (SELECT e.id, 0 AS part, e.start_ms FROM event_performers ep JOIN events e ON e.id = ep.event_id
     WHERE ep.performer_id = $1 AND e.end_ms >= $2 ORDER BY e.start_ms, e.id LIMIT $3)
    UNION ALL
    (SELECT e.id, 1 AS part, e.start_ms FROM event_performers ep JOIN events e ON e.id = ep.event_id
     WHERE ep.performer_id = $1 AND e.end_ms < $2 ORDER BY e.start_ms DESC, e.id LIMIT $3)`,
};

/** The events embedded in a map place or performer record (see RECORD_EVENTS_LIMIT). */
export async function recordEvents(
  q: Queryable,
  owner: Owner,
  ownerId: string | number,
  nowMs: number,
): Promise<StoredEventJson[]> {
  const { rows } = await q.query<JsonRow>(
    `SELECT e.body, e.commentaries_json, e.performers_json
     FROM (${OWNER_SQL[owner]}) picked JOIN events e ON e.id = picked.id
     ORDER BY picked.part, CASE WHEN picked.part = 0 THEN picked.start_ms ELSE -picked.start_ms END, picked.id
     LIMIT $3`,
    [ownerId, nowMs, RECORD_EVENTS_LIMIT],
  );
  return rows.map(storedJson);
}

/** True when at least one event at the map place has already started (place search's null rule). */
export async function mapPlaceHadEvent(q: Queryable, mapPlaceId: string, nowMs: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM events WHERE map_place_id = $1 AND start_ms <= $2 LIMIT 1', [
    mapPlaceId,
    nowMs,
  ]);
  return rows.length > 0;
}

/** True when the performer takes part in at least one recorded event. */
export async function performerHasEvent(q: Queryable, performerId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM event_performers WHERE performer_id = $1 LIMIT 1', [performerId]);
  return rows.length > 0;
}
