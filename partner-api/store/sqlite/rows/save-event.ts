import type { StoredEventJson } from '../../types';
import type { EventRecord } from '../../model/records';
import type { Db } from '../open';
import { stmt } from '../statements';
import { EVENT_COLUMNS, eventValues, SOURCE_COLUMNS, sourceValues } from '../../model/event-columns';
import { sqliteFlag } from '../../model/rows';

export { categoryMask, derivePrices } from '../../model/derive';

const INSERT_EVENT = `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')}) VALUES (?, ${EVENT_COLUMNS.map(() => '?').join(', ')})`;
const UPDATE_EVENT = `UPDATE events SET ${EVENT_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`;
const UPSERT_SOURCE =
  `INSERT INTO sources (id, ${SOURCE_COLUMNS.join(', ')}) VALUES (?, ${SOURCE_COLUMNS.map(() => '?').join(', ')}) ` +
  `ON CONFLICT (id) DO UPDATE SET ${SOURCE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;

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
  stmt(db, INSERT_EVENT).run(record.id, ...eventValues(record, json, sqliteFlag));
  const upsertSource = stmt(db, UPSERT_SOURCE);
  for (const s of record.sources) upsertSource.run(...sourceValues(record.id, s, sqliteFlag));
  insertChildren(db, record);
}

/**
 * Writes an existing event back: its row, its sources (updated in place so their ids — which tracked links and
 * clicks refer to — survive; removed ones are deleted), its links and its commentaries.
 */
export function updateEventRows(db: Db, record: EventRecord, json: StoredEventJson): void {
  stmt(db, UPDATE_EVENT).run(...eventValues(record, json, sqliteFlag), record.id);
  const keep = record.sources.map((s) => s.id);
  const current = stmt(db, 'SELECT id FROM sources WHERE event_id = ?').all(record.id) as { id: number }[];
  const removeSource = stmt(db, 'DELETE FROM sources WHERE id = ?');
  for (const { id } of current) if (!keep.includes(id)) removeSource.run(id);
  const upsertSource = stmt(db, UPSERT_SOURCE);
  for (const s of record.sources) upsertSource.run(...sourceValues(record.id, s, sqliteFlag));
  stmt(db, 'DELETE FROM event_categories WHERE event_id = ?').run(record.id);
  stmt(db, 'DELETE FROM event_performers WHERE event_id = ?').run(record.id);
  stmt(db, 'DELETE FROM commentaries WHERE event_id = ?').run(record.id);
  insertChildren(db, record);
}

/**
 * Writes existing events back exactly as given, every row they own replaced: the demo seed's enrichment of the events
 * ingestion wrote (operations/seed-session.ts). The child rows of all of them go first, one statement per table
 * (inside a bulk load the children's `event_id` indexes are set aside: one scan each, not one per event), then each
 * event's row is updated and its children written again in the order insertEvent writes them.
 */
export function replaceEvents(db: Db, items: ReadonlyArray<{ record: EventRecord; json: StoredEventJson }>): void {
  const ids = JSON.stringify(items.map((item) => item.record.id));
  for (const table of ['commentaries', 'event_performers', 'event_categories', 'sources']) {
    stmt(db, `DELETE FROM ${table} WHERE event_id IN (SELECT value FROM json_each(?))`).run(ids);
  }
  const update = stmt(db, UPDATE_EVENT);
  const upsertSource = stmt(db, UPSERT_SOURCE);
  for (const { record, json } of items) {
    if (update.run(...eventValues(record, json, sqliteFlag), record.id).changes !== 1) {
      throw new Error(`Event ${record.id} does not exist: only events already written can be replaced.`);
    }
    for (const s of record.sources) upsertSource.run(...sourceValues(record.id, s, sqliteFlag));
    insertChildren(db, record);
  }
}
