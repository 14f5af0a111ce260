import type { TClick } from '@/lib/contract';

/** The CSV columns: the spec's Click fields, in its order, so a row reads like the `GET /v2/clicks` record. */
export const CSV_COLUMNS = ['createdAt', 'link', 'linkId', 'eventId', 'eventName', 'source', 'commission'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet would run as a
 * formula (starting with = + - @, tab or carriage return) is prefixed with an apostrophe.
 */
function field(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The clicks as CSV: a header row, then one row per click, CRLF line ends. */
export function clicksCsv(clicks: Iterable<TClick>, origin: string): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const click of clicks) {
    // Links served through this app are paths on its origin: a spreadsheet needs them whole.
    const row = { ...click, link: new URL(click.link, origin).href };
    lines.push(CSV_COLUMNS.map((column) => field(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
