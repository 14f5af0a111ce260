import type { EventRecord, MapPlaceRecord, PlaceRecord } from '../../model/records';
import {
  eventRecordOfRow,
  mapPlaceOfRow,
  placeOfRow,
  type EventRow,
  type EventWithPartsRow,
  type MapPlaceRow,
  type PlaceRow,
} from '../../model/rows';
import type { Db } from '../open';
import { stmt } from '../statements';

const mapPlaceRow = (db: Db, id: string) =>
  stmt(db, 'SELECT * FROM map_places WHERE id = ?').get(id) as MapPlaceRow | undefined;
const placeRow = (db: Db, id: number) => stmt(db, 'SELECT * FROM places WHERE id = ?').get(id) as PlaceRow | undefined;

/** Reads a map place, or null. */
export function loadMapPlace(db: Db, id: string): MapPlaceRecord | null {
  const row = mapPlaceRow(db, id);
  return row ? mapPlaceOfRow(row) : null;
}

/** Reads a place, or null. */
export function loadPlace(db: Db, id: number): PlaceRecord | null {
  const row = placeRow(db, id);
  return row ? placeOfRow(row) : null;
}

/** Reads an event and everything it embeds (deleted events are gone from the table), or null. */
export function loadEventRecord(db: Db, id: number): EventRecord | null {
  const row = stmt(db, 'SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
  if (!row) return null;
  const place = placeRow(db, row.place_id);
  if (!place) throw new Error(`event ${id} references missing place ${row.place_id}`);
  const categories = stmt(db, 'SELECT category_id FROM event_categories WHERE event_id = ? ORDER BY category_id').all(
    id,
  ) as Array<{ category_id: number }>;
  const parts: Omit<EventWithPartsRow, keyof EventRow> = {
    place,
    map_place: row.map_place_id === null ? null : (mapPlaceRow(db, row.map_place_id) ?? null),
    sources: stmt(
      db,
      `SELECT s.*, p.name AS partner_name, p.logo AS partner_logo, p.back_color AS partner_back_color
       FROM sources s JOIN partners p ON p.id = s.partner_id WHERE s.event_id = ? ORDER BY s.id`,
    ).all(id) as EventWithPartsRow['sources'],
    category_ids: categories.map((c) => c.category_id),
    commentaries: stmt(
      db,
      'SELECT grade, content, username, date_ms FROM commentaries WHERE event_id = ? ORDER BY date_ms, id',
    ).all(id) as EventWithPartsRow['commentaries'],
    performers: stmt(
      db,
      `SELECT p.id, p.name, p.description, p.image, p.web_image FROM event_performers ep
       JOIN performers p ON p.id = ep.performer_id WHERE ep.event_id = ? ORDER BY ep.position, p.id`,
    ).all(id) as EventWithPartsRow['performers'],
  };
  return eventRecordOfRow({ ...row, ...parts });
}
