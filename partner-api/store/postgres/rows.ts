import type { StoredEventJson } from '../types';
import type { EventRecord } from '../model/records';
import { EVENT_COLUMNS, eventValues, SOURCE_COLUMNS, sourceValues } from '../model/event-columns';
import { pgFlag } from '../model/rows';
import type { PgClient } from './pool';

/** Writing an event's rows back, the PostgreSQL side of partner-api/store/sqlite/save-event.ts. */

const placeholders = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

const INSERT_EVENT = `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')}) VALUES (${placeholders(1, EVENT_COLUMNS.length + 1)})`;
const UPDATE_EVENT = `UPDATE events SET ${EVENT_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${EVENT_COLUMNS.length + 1}`;

const UPSERT_SOURCE =
  `INSERT INTO sources (id, ${SOURCE_COLUMNS.join(', ')}) VALUES (${placeholders(1, SOURCE_COLUMNS.length + 1)}) ` +
  `ON CONFLICT (id) DO UPDATE SET ${SOURCE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;

async function insertChildren(client: PgClient, record: EventRecord): Promise<void> {
  const categories = [...new Set(record.categoryIds)];
  if (categories.length > 0) {
    await client.query('INSERT INTO event_categories (event_id, category_id) SELECT $1, unnest($2::INTEGER[])', [
      record.id,
      categories,
    ]);
  }
  if (record.performers.length > 0) {
    await client.query(
      `INSERT INTO event_performers (event_id, performer_id, position)
       SELECT $1, p, i - 1 FROM unnest($2::BIGINT[]) WITH ORDINALITY AS u(p, i)`,
      [record.id, record.performers.map((p) => p.id)],
    );
  }
  if (record.commentaries.length > 0) {
    await client.query(
      `INSERT INTO commentaries (event_id, grade, content, username, date_ms)
       SELECT $1, g, c, u, d FROM unnest($2::DOUBLE PRECISION[], $3::TEXT[], $4::TEXT[], $5::BIGINT[]) AS x(g, c, u, d)`,
      [
        record.id,
        record.commentaries.map((c) => c.grade),
        record.commentaries.map((c) => c.content),
        record.commentaries.map((c) => c.username),
        record.commentaries.map((c) => c.dateMs),
      ],
    );
  }
}

/** Inserts a new event with every row it owns (sources, category and performer links, commentaries). */
export async function insertEvent(client: PgClient, record: EventRecord, json: StoredEventJson): Promise<void> {
  await client.query(INSERT_EVENT, [record.id, ...eventValues(record, json, pgFlag)]);
  for (const s of record.sources) await client.query(UPSERT_SOURCE, sourceValues(record.id, s, pgFlag));
  await insertChildren(client, record);
}

/**
 * Writes an existing event back: its row, its sources (updated in place so their ids — which tracked links and
 * clicks refer to — survive; removed ones are deleted), its links and commentaries.
 */
export async function updateEventRows(client: PgClient, record: EventRecord, json: StoredEventJson): Promise<void> {
  await client.query(UPDATE_EVENT, [...eventValues(record, json, pgFlag), record.id]);
  await client.query('DELETE FROM sources WHERE event_id = $1 AND NOT (id = ANY($2::BIGINT[]))', [
    record.id,
    record.sources.map((s) => s.id),
  ]);
  for (const s of record.sources) await client.query(UPSERT_SOURCE, sourceValues(record.id, s, pgFlag));
  await client.query('DELETE FROM event_categories WHERE event_id = $1', [record.id]);
  await client.query('DELETE FROM event_performers WHERE event_id = $1', [record.id]);
  await client.query('DELETE FROM commentaries WHERE event_id = $1', [record.id]);
  await insertChildren(client, record);
}
