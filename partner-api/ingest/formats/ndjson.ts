import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { FormatError, type ReadItem } from './items';

/** A line longer than this is that record's rejection (a record is a few kB; this bounds a streamed line). */
export const MAX_LINE_LENGTH = 1_000_000;

/**
 * The project's NDJSON: one source record (docs/source-record.schema.json) per line; blank lines are skipped. A line
 * that is not a JSON object is that record's rejection; a file whose first record line is not one is not NDJSON
 * (FormatError, raised before anything is written).
 */
function itemOf(raw: string, position: number, state: { sawRecord: boolean }): ReadItem | null {
  const line = raw.trim();
  if (line === '') return null;
  if (line.length > MAX_LINE_LENGTH) {
    if (!state.sawRecord) throw new FormatError(`line ${position} is longer than ${MAX_LINE_LENGTH} characters`);
    return { position, unit: 'line', error: `longer than ${MAX_LINE_LENGTH} characters` };
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    if (!state.sawRecord) throw new FormatError(`line ${position} is not JSON: this is not NDJSON of source records`);
    return { position, unit: 'line', error: 'not valid JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (!state.sawRecord)
      throw new FormatError(`line ${position} is not a JSON object: this is not NDJSON of source records`);
    return { position, unit: 'line', error: 'not a JSON object' };
  }
  state.sawRecord = true;
  return { position, unit: 'line', value: value as Record<string, unknown> };
}

export function* readNdjson(lines: Iterable<string>): Generator<ReadItem> {
  const state = { sawRecord: false };
  let position = 0;
  for (const raw of lines) {
    position += 1;
    const item = itemOf(raw, position, state);
    if (item) yield item;
  }
}

/** The same, from a stream (the ingest API's streamed bodies): records are imported while the rest arrives. */
export async function* readNdjsonStream(input: Readable): AsyncGenerator<ReadItem> {
  const state = { sawRecord: false };
  let position = 0;
  for await (const raw of createInterface({ input, crlfDelay: Infinity })) {
    position += 1;
    const item = itemOf(raw, position, state);
    if (item) yield item;
  }
}

/** Splits text into lines (LF or CRLF). */
export function textLines(text: string): string[] {
  return text.split(/\r?\n/);
}
