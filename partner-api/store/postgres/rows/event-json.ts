import type { EventJsonOptions } from '../../types';
import { copyOutBinary } from '../copy';
import type { CachedJson } from '../event-json-cache';
import { withClient, type PgPool } from '../pool';

/** Up to this many events are read with an ordinary statement, more through COPY (measured: docs/performance.md). */
const FEW_EVENTS = 40;

/** Events' JSON as served, each in its own buffer (a cached copy must not hold a whole page alive), by id. */
export async function readEventJson(
  pool: PgPool,
  ids: readonly number[],
  options: EventJsonOptions,
): Promise<Map<number, CachedJson>> {
  const out = new Map<number, CachedJson>();
  const keep = (id: number, updated: number, body: Buffer, commentaries: Buffer | null, performers: Buffer | null) => {
    const json = Buffer.allocUnsafeSlow(eventJsonLength(body, commentaries, performers));
    writeEventJson(json, 0, body, commentaries, performers);
    out.set(id, { version: updated, json });
  };
  const parts = `e.body, ${options.commentaries ? 'e.commentaries_json' : 'NULL'}, ${options.performers ? 'e.performers_json' : 'NULL'}`;
  if (ids.length <= FEW_EVENTS) {
    // A few events: an ordinary statement costs less than COPY's own exchange, and little is decoded and re-encoded.
    const { rows } = await pool.query<[number | string, number | string, string, string | null, string | null]>({
      text: `SELECT e.id, e.updated_ms, ${parts} FROM unnest($1::BIGINT[]) AS u(id) JOIN events e ON e.id = u.id`,
      values: [ids],
      rowMode: 'array',
    });
    const bytes = (text: string | null) => (text === null ? null : Buffer.from(text, 'utf8'));
    for (const [id, updated, body, commentaries, performers] of rows) {
      keep(Number(id), Number(updated), Buffer.from(body, 'utf8'), bytes(commentaries), bytes(performers));
    }
    return out;
  }
  const rows = await withClient(pool, (client) =>
    copyOutBinary(
      client,
      `SELECT e.id, e.updated_ms, ${parts} FROM unnest(${idArrayLiteral(ids)}) AS u(id) JOIN events e ON e.id = u.id`,
    ),
  );
  for (const [id, updated, body, commentaries, performers] of rows as [
    Buffer,
    Buffer,
    Buffer,
    Buffer | null,
    Buffer | null,
  ][]) {
    keep(Number(id.readBigInt64BE(0)), Number(updated.readBigInt64BE(0)), body, commentaries, performers);
  }
  return out;
}

/** A list of event ids as a PostgreSQL array literal, for statements that take no bound parameters (COPY). */
function idArrayLiteral(ids: readonly number[]): string {
  // Only integers reach the SQL text: anything else would be a bug upstream, never something to embed.
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`not an event id: ${String(id)}`);
  return `'{${ids.join(',')}}'::BIGINT[]`;
}

const COMMENTARIES_KEY = Buffer.from(',"commentaries":');
const PERFORMERS_KEY = Buffer.from(',"performers":');
const EMPTY_LIST = Buffer.from('[]');
const CLOSING_BRACE = 0x7d;
const JOINS_LENGTH = COMMENTARIES_KEY.length + PERFORMERS_KEY.length + 1;

/** Bytes of an event's JSON object joined from its stored fragments (a part not asked for, null, is `[]`). */
function eventJsonLength(body: Buffer, commentaries: Buffer | null, performers: Buffer | null): number {
  return body.length + (commentaries ?? EMPTY_LIST).length + (performers ?? EMPTY_LIST).length + JOINS_LENGTH;
}

/** Writes the event's JSON object at `at` in `target` (as assembleEventJson joins strings); returns where it ends. */
function writeEventJson(
  target: Buffer,
  at: number,
  body: Buffer,
  commentaries: Buffer | null,
  performers: Buffer | null,
): number {
  at += body.copy(target, at);
  at += COMMENTARIES_KEY.copy(target, at);
  at += (commentaries ?? EMPTY_LIST).copy(target, at);
  at += PERFORMERS_KEY.copy(target, at);
  at += (performers ?? EMPTY_LIST).copy(target, at);
  target[at++] = CLOSING_BRACE;
  return at;
}

/**
 * Each event's full JSON (commentaries and performers included) in the order of `ids`, missing ones skipped: the
 * pages of a catalogue walk. A walk reads each event once, so unlike eventJsonByIds it neither consults nor fills the
 * per-process copy (a whole walk would only flush it); it reads the stored fragments as bytes through COPY (no
 * decoding into strings and encoding back) and joins each event's into one buffer for the page.
 */
export async function fullEventJsonByIds(pool: PgPool, ids: readonly number[]): Promise<Buffer[]> {
  if (ids.length === 0) return [];
  const rows = await withClient(pool, (client) =>
    copyOutBinary(
      client,
      `SELECT e.body, e.commentaries_json, e.performers_json
       FROM unnest(${idArrayLiteral(ids)}) WITH ORDINALITY AS u(id, i) JOIN events e ON e.id = u.id
       ORDER BY u.i`,
    ),
  );
  const parts = rows as [Buffer, Buffer, Buffer][];
  let size = 0;
  for (const [body, commentaries, performers] of parts) size += eventJsonLength(body, commentaries, performers);
  const page = Buffer.allocUnsafe(size);
  let at = 0;
  return parts.map(([body, commentaries, performers]) => {
    const start = at;
    at = writeEventJson(page, at, body, commentaries, performers);
    return page.subarray(start, at);
  });
}
