import { bufferLiteral, eventJsonPieces } from '../../event-json';
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
    const pieces = eventJsonBytes(body, commentaries, performers);
    const json = Buffer.allocUnsafeSlow(byteLength(pieces));
    writePieces(json, 0, pieces);
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

/** An event's JSON object as the byte pieces to copy, from its stored fragments (a part not read, null, is `[]`). */
function eventJsonBytes(body: Buffer, commentaries: Buffer | null, performers: Buffer | null): Buffer[] {
  return eventJsonPieces(body, commentaries, performers, bufferLiteral);
}

const byteLength = (pieces: readonly Buffer[]): number => {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
};

/** Copies the pieces to `at` in `target`; returns where they end. */
function writePieces(target: Buffer, at: number, pieces: readonly Buffer[]): number {
  for (const piece of pieces) at += piece.copy(target, at);
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
  const events = (rows as [Buffer, Buffer, Buffer][]).map(([body, commentaries, performers]) =>
    eventJsonBytes(body, commentaries, performers),
  );
  let size = 0;
  for (const pieces of events) size += byteLength(pieces);
  const page = Buffer.allocUnsafe(size);
  let at = 0;
  return events.map((pieces) => {
    const start = at;
    at = writePieces(page, at, pieces);
    return page.subarray(start, at);
  });
}
