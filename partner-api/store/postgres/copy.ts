import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
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
