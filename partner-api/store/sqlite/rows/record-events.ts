import { RECORD_EVENTS_LIMIT } from '../../search-types';
import type { StoredEventJson } from '../../types';
import type { Db } from '../open';
import { stmt } from '../statements';

type Owner = 'mapPlace' | 'performer';

// Upcoming and running events soonest first, then past ones most recent first (RECORD_EVENTS_LIMIT in all).
const OWNER_SQL: Record<Owner, { upcoming: string; past: string }> = {
  mapPlace: {
    upcoming: 'SELECT id FROM events WHERE map_place_id = ? AND end_ms >= ? ORDER BY start_ms, id LIMIT ?',
    past: 'SELECT id FROM events WHERE map_place_id = ? AND end_ms < ? ORDER BY start_ms DESC, id LIMIT ?',
  },
  performer: {
    upcoming:
      'SELECT e.id FROM event_performers ep JOIN events e ON e.id = ep.event_id ' +
      'WHERE ep.performer_id = ? AND e.end_ms >= ? ORDER BY e.start_ms, e.id LIMIT ?',
    past:
      'SELECT e.id FROM event_performers ep JOIN events e ON e.id = ep.event_id ' +
      'WHERE ep.performer_id = ? AND e.end_ms < ? ORDER BY e.start_ms DESC, e.id LIMIT ?',
  },
};

/** The events embedded in a map place or performer record (see RECORD_EVENTS_LIMIT). */
export function recordEvents(db: Db, owner: Owner, ownerId: string | number, nowMs: number): StoredEventJson[] {
  const sql = OWNER_SQL[owner];
  const ids = (stmt(db, sql.upcoming).all(ownerId, nowMs, RECORD_EVENTS_LIMIT) as Array<{ id: number }>).map(
    (row) => row.id,
  );
  if (ids.length < RECORD_EVENTS_LIMIT) {
    const past = stmt(db, sql.past).all(ownerId, nowMs, RECORD_EVENTS_LIMIT - ids.length) as Array<{ id: number }>;
    for (const row of past) ids.push(row.id);
  }
  const read = stmt(db, 'SELECT body, commentaries_json, performers_json FROM events WHERE id = ?');
  const events: StoredEventJson[] = [];
  for (const id of ids) {
    const row = read.get(id) as { body: string; commentaries_json: string; performers_json: string } | undefined;
    if (row) events.push({ body: row.body, commentaries: row.commentaries_json, performers: row.performers_json });
  }
  return events;
}

/** True when at least one event at the map place has already started (place search's null rule). */
export function mapPlaceHadEvent(db: Db, mapPlaceId: string, nowMs: number): boolean {
  return (
    stmt(db, 'SELECT 1 FROM events WHERE map_place_id = ? AND start_ms <= ? LIMIT 1').get(mapPlaceId, nowMs) !==
    undefined
  );
}

/** True when the performer takes part in at least one recorded event. */
export function performerHasEvent(db: Db, performerId: number): boolean {
  return stmt(db, 'SELECT 1 FROM event_performers WHERE performer_id = ? LIMIT 1').get(performerId) !== undefined;
}
