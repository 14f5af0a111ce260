import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PgClient } from './pool';

/** A value of a COPY row: null is SQL NULL; booleans, numbers and strings as PostgreSQL's text format reads them. */
export type CopyValue = string | number | boolean | null;

/** One field in COPY's text format: backslash escapes for the characters that delimit fields and rows. */
function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot store the number ${value}`);
    // JavaScript prints the shortest string that reads back as the same double, and so does PostgreSQL parse it.
    return String(value);
  }
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** Rows per chunk written to the COPY stream: large enough to amortize the stream, small enough to stay flat. */
const CHUNK_ROWS = 500;

/** Streams rows into `table (columns)` with one COPY … FROM STDIN (the bulk path of seeding and migration). */
export async function copyRows(
  client: PgClient,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  function* chunks(): Generator<string> {
    let chunk = '';
    let count = 0;
    for (const row of rows) {
      chunk += row.map(field).join('\t') + '\n';
      if (++count === CHUNK_ROWS) {
        yield chunk;
        chunk = '';
        count = 0;
      }
    }
    if (chunk) yield chunk;
  }
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks()), stream);
}

/** COPY's binary format: an 11-byte signature, a 32-bit flags field and a 32-bit header-extension length (0). */
const BINARY_HEADER_BYTES = 19;

/**
 * Runs `COPY (select) TO STDOUT (FORMAT binary)` and returns its rows, each field as raw bytes (null for SQL NULL).
 * A text field arrives as its UTF-8 bytes and stays so: the driver's ordinary path decodes every text value into a
 * JavaScript string, which bytes bound for an HTTP response must then be encoded back from (measured: most of a
 * catalogue page's time on the client side). COPY takes no bound parameters: `select` must embed only values the
 * caller made safe. The fields are views into one buffer that lives as long as they do.
 */
export async function copyOutBinary(client: PgClient, select: string): Promise<(Buffer | null)[][]> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`))) {
    chunks.push(chunk as Buffer);
  }
  const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const rows: (Buffer | null)[][] = [];
  let at = BINARY_HEADER_BYTES;
  // Each tuple: a 16-bit field count (-1 ends the data), then per field a 32-bit length (-1 for NULL) and the bytes.
  for (let fields = data.readInt16BE(at); fields !== -1; fields = data.readInt16BE(at)) {
    at += 2;
    const row: (Buffer | null)[] = new Array<Buffer | null>(fields);
    for (let i = 0; i < fields; i++) {
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) {
        row[i] = null;
        continue;
      }
      row[i] = data.subarray(at, at + length);
      at += length;
    }
    rows.push(row);
  }
  return rows;
}
