import { eventVenue, venueLine, type TEvent } from '@/lib/contract';
import { parseLocalDateTime } from '@/lib/i18n/local-date';
import { descriptionParagraphs } from './description';
import { eventDates } from './event-dates';

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and newlines. */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** `20261122T193000Z` */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * An iCalendar file for the event (times in UTC, so every calendar shows them at the right local time), with the
 * place, the page URL and the cancellation status. `start` picks one of the available dates (a run of shows has
 * many); without it, or when it matches none, the event's own start and end are used.
 */
export function eventIcs(event: TEvent, pageUrl: string, now: Date, start?: string | null): string {
  const venue = eventVenue(event);
  const description = [
    descriptionParagraphs(event.description)
      .map((lines) => lines.join('\n'))
      .join('\n\n'),
    pageUrl,
  ]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Eventmap//Event page//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  const chosen = (start && eventDates(event).find((d) => d.startDate === start)) || event;
  const begin = parseLocalDateTime(chosen.startDate);
  if (begin) {
    const end = parseLocalDateTime(chosen.endDate);
    const endInstant =
      end && end.instant.getTime() > begin.instant.getTime()
        ? end.instant
        : new Date(begin.instant.getTime() + 3600_000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${event.id}-${utcStamp(begin.instant)}@eventmap`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(begin.instant)}`,
      `DTEND:${utcStamp(endInstant)}`,
      `SUMMARY:${escapeText(event.name)}`,
      `LOCATION:${escapeText(venueLine(venue))}`,
      `DESCRIPTION:${escapeText(description)}`,
      `URL:${pageUrl}`,
      `STATUS:${event.cancelledAt ? 'CANCELLED' : 'CONFIRMED'}`,
      `GEO:${venue.lat};${venue.lng}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
