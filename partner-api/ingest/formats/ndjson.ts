import { FormatError, type ReadItem } from './items';

/**
 * The project's NDJSON: one source record (docs/source-record.schema.json) per line; blank lines are skipped. A line
 * that is not a JSON object is that record's rejection; a file whose first record line is not one is not NDJSON.
 */
export function* readNdjson(lines: Iterable<string>, firstLine = 1): Generator<ReadItem> {
  let position = firstLine - 1;
  let sawRecord = false;
  for (const raw of lines) {
    position += 1;
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (!sawRecord)
        throw new FormatError(`line ${position} is not JSON: this is not an NDJSON file of source records`);
      yield { position, unit: 'line', error: 'not valid JSON' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      if (!sawRecord)
        throw new FormatError(`line ${position} is not a JSON object: this is not NDJSON of source records`);
      yield { position, unit: 'line', error: 'not a JSON object' };
      continue;
    }
    sawRecord = true;
    yield { position, unit: 'line', value: value as Record<string, unknown> };
  }
}

/** Splits text into lines (LF or CRLF). */
export function textLines(text: string): string[] {
  return text.split(/\r?\n/);
}
