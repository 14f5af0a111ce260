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

/** Bind parameters per statement: PostgreSQL's protocol allows 65 535. */
const MAX_PARAMETERS = 60_000;

/** Rows as one multi-row `VALUES` list statement each, in chunks under MAX_PARAMETERS. */
async function insertRows(client: PgClient, head: string, tail: string, rows: readonly unknown[][]): Promise<void> {
  const width = rows[0]?.length ?? 0;
  if (width === 0) return;
  const perStatement = Math.floor(MAX_PARAMETERS / width);
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const values = chunk.map((_, i) => `(${placeholders(i * width + 1, width)})`).join(', ');
    await client.query(`${head} VALUES ${values} ${tail}`, chunk.flat());
  }
}

/**
 * Inserts new events with every row they own, as insertEvent does one by one, in a handful of statements whatever
 * their number (an ingestion batch creates hundreds; a statement each was a round trip each).
 */
export async function insertEvents(
  client: PgClient,
  events: ReadonlyArray<{ record: EventRecord; json: StoredEventJson }>,
): Promise<void> {
  if (events.length === 0) return;
  await insertRows(
    client,
    `INSERT INTO events (id, ${EVENT_COLUMNS.join(', ')})`,
    '',
    events.map(({ record, json }) => [record.id, ...eventValues(record, json, pgFlag)]),
  );
  await insertRows(
    client,
    `INSERT INTO sources (id, ${SOURCE_COLUMNS.join(', ')})`,
    `ON CONFLICT (id) DO UPDATE SET ${SOURCE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    events.flatMap(({ record }) => record.sources.map((s) => sourceValues(record.id, s, pgFlag))),
  );
  const categories = events.flatMap(({ record }) => [...new Set(record.categoryIds)].map((c) => [record.id, c]));
  if (categories.length > 0) {
    await client.query(
      'INSERT INTO event_categories (event_id, category_id) SELECT * FROM unnest($1::BIGINT[], $2::INTEGER[])',
      [categories.map((c) => c[0]), categories.map((c) => c[1])],
    );
  }
  const performers = events.flatMap(({ record }) => record.performers.map((p, i) => [record.id, p.id, i]));
  if (performers.length > 0) {
    await client.query(
      `INSERT INTO event_performers (event_id, performer_id, position)
       SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::INTEGER[])`,
      [performers.map((p) => p[0]), performers.map((p) => p[1]), performers.map((p) => p[2])],
    );
  }
  const commentaries = events.flatMap(({ record }) => record.commentaries.map((c) => ({ id: record.id, ...c })));
  if (commentaries.length > 0) {
    await client.query(
      `INSERT INTO commentaries (event_id, grade, content, username, date_ms)
       SELECT * FROM unnest($1::BIGINT[], $2::DOUBLE PRECISION[], $3::TEXT[], $4::TEXT[], $5::BIGINT[])`,
      [
        commentaries.map((c) => c.id),
        commentaries.map((c) => c.grade),
        commentaries.map((c) => c.content),
        commentaries.map((c) => c.username),
        commentaries.map((c) => c.dateMs),
      ],
    );
  }
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
