import type { TIngestFormat } from '@/lib/contract/ingest';
import { readIcal } from './formats/ical';
import { FormatError, type ReadItem } from './formats/items';
import { readJsonLd } from './formats/jsonld';
import { readNdjson, textLines } from './formats/ndjson';

/** The format a file name claims, from its extension; null when it claims none we read. */
export function formatOfFileName(name: string): TIngestFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.ics') || lower.endsWith('.ical') || lower.endsWith('.ifb')) return 'ical';
  if (/\.(jsonld|json|html?)$/.test(lower)) return 'jsonld';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  return null;
}

/**
 * The records of a whole feed in `format`. Reading it all before the first write is what lets a file that is not its
 * claimed format fail with nothing written (FormatError), while a bad record in a good file is only that record's
 * rejection.
 */
export function readFeed(text: string, format: TIngestFormat, options: { html?: boolean } = {}): ReadItem[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new FormatError('the file is empty');
  switch (format) {
    case 'ndjson':
      return [...readNdjson(textLines(text))];
    case 'ical':
      return [...readIcal(text)];
    case 'jsonld':
      return [...readJsonLd(text, options.html)];
  }
}
