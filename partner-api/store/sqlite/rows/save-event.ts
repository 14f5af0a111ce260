import type { StoredEventJson } from '../../types';
import type { EventRecord, SourceRecord } from './event-record';
import type { Db } from '../open';
import { eventGrades, eventPosition } from '../../model/serialize-event';
import { stmt } from '../statements';
import { categoryMask } from '../../model/derive';
import { EVENT_COLUMNS } from '../../model/event-columns';

export { categoryMask, derivePrices } from '../../model/derive';

const INSERT_EVENT = `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')}) VALUES (?, ${EVENT_COLUMNS.map(() => '?').join(', ')})`;
const UPDATE_EVENT = `UPDATE events SET ${EVENT_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`;
const SOURCE_COLUMNS =
  'event_id, partner_id, start_ms, end_ms, lowest_price, highest_price, is_good_deal, commission_fix, ' +
  'commission_per_ticket, commission_per_cart, commission_rate, link, is_bookable, available_dates, average_grade, ' +
  'total_grades, cant_retrieve_available_dates, not_available_ms';
const UPSERT_SOURCE =
  `INSERT INTO sources (id, ${SOURCE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ` +
  `ON CONFLICT (id) DO UPDATE SET ${SOURCE_COLUMNS.split(', ')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

const bool = (value: boolean): number => (value ? 1 : 0);

function eventValues(record: EventRecord, json: StoredEventJson): unknown[] {
  const position = eventPosition(record);
  const grades = eventGrades(record);
  return [
    record.serviceId,
    record.name,
    record.description,
    record.startMs,
    record.endMs,
    bool(record.hasEndDateNotReliable),
    record.lowestPrice,
    record.highestPrice,
    bool(record.hasGoodDeal),
    record.image,
    record.imageHeight,
    record.imageWidth,
    record.squareImage,
    record.rectangleImage,
    record.webImage,
    record.notAvailableMs,
    record.cancelledMs,
    record.createdMs,
    record.updatedMs,
    record.place.id,
    record.mapPlace?.id ?? null,
    position.lng,
    position.lat,
    categoryMask(record.categoryIds),
    grades.averageGrade,
    grades.totalGrades,
    record.trendingScore,
    record.timeZone,
    json.body,
    json.commentaries,
    json.performers,
  ];
}

function sourceValues(eventId: number, s: SourceRecord): unknown[] {
  return [
    s.id,
    eventId,
    s.partner.id,
    s.startMs,
    s.endMs,
    s.lowestPrice,
    s.highestPrice,
    bool(s.isGoodDeal),
    s.commissionFix,
    s.commissionPerTicket,
    s.commissionPerCart,
    s.commissionRate,
    s.link,
    bool(s.isBookable),
    JSON.stringify(s.availableDates),
    s.averageGrade,
    s.totalGrades,
    bool(s.cantRetrieveAvailableDates),
    s.notAvailableMs,
  ];
}

function insertChildren(db: Db, record: EventRecord): void {
  const insertCategory = stmt(db, 'INSERT INTO event_categories (event_id, category_id) VALUES (?, ?)');
  for (const id of new Set(record.categoryIds)) insertCategory.run(record.id, id);
  const insertPerformer = stmt(db, 'INSERT INTO event_performers (event_id, performer_id, position) VALUES (?, ?, ?)');
  record.performers.forEach((p, index) => insertPerformer.run(record.id, p.id, index));
  const insertCommentary = stmt(
    db,
    'INSERT INTO commentaries (event_id, grade, content, username, date_ms) VALUES (?, ?, ?, ?, ?)',
  );
  for (const c of record.commentaries) insertCommentary.run(record.id, c.grade, c.content, c.username, c.dateMs);
}

/** Inserts a new event with every row it owns (sources, category and performer links, commentaries). */
export function insertEvent(db: Db, record: EventRecord, json: StoredEventJson): void {
  stmt(db, INSERT_EVENT).run(record.id, ...eventValues(record, json));
  const upsertSource = stmt(db, UPSERT_SOURCE);
  for (const s of record.sources) upsertSource.run(...sourceValues(record.id, s));
  insertChildren(db, record);
}

/**
 * Writes an existing event back: its row, its sources (updated in place so their ids — which tracked links and
 * clicks refer to — survive; removed ones are deleted), its links and its commentaries.
 */
export function updateEventRows(db: Db, record: EventRecord, json: StoredEventJson): void {
  stmt(db, UPDATE_EVENT).run(...eventValues(record, json), record.id);
  const keep = record.sources.map((s) => s.id);
  const current = stmt(db, 'SELECT id FROM sources WHERE event_id = ?').all(record.id) as { id: number }[];
  const removeSource = stmt(db, 'DELETE FROM sources WHERE id = ?');
  for (const { id } of current) if (!keep.includes(id)) removeSource.run(id);
  const upsertSource = stmt(db, UPSERT_SOURCE);
  for (const s of record.sources) upsertSource.run(...sourceValues(record.id, s));
  stmt(db, 'DELETE FROM event_categories WHERE event_id = ?').run(record.id);
  stmt(db, 'DELETE FROM event_performers WHERE event_id = ?').run(record.id);
  stmt(db, 'DELETE FROM commentaries WHERE event_id = ?').run(record.id);
  insertChildren(db, record);
}
