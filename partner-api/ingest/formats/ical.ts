import ICAL from 'ical.js';
import { isTimeZone } from '../dates';
import { FormatError, type ReadItem } from './items';
import { splitLocation } from './location';

/** At most this many dates of one recurring VEVENT are kept (RRULE without COUNT or UNTIL runs forever). */
export const MAX_OCCURRENCES = 366;
/** …and none starting more than this after the first. */
const MAX_SPAN_MS = 2 * 366 * 24 * 3_600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An ICAL.Time as the source record's date text: a date alone stays a date; UTC gets `Z`; a time in a zone the file
 * defines (VTIMEZONE) becomes an instant; a TZID without VTIMEZONE (usual for IANA names) or a floating time stays
 * wall-clock time, read in `zone` (the TZID when it is an IANA name, else the partner's zone).
 */
function dateText(time: ICAL.Time): string {
  const date = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return date;
  const tzid = time.zone?.tzid;
  if (tzid === 'UTC' || (tzid && tzid !== 'floating')) return new Date(time.toUnixTime() * 1000).toISOString();
  return `${date}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function text(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** One VEVENT as a candidate source record (what it lacks, validation reports). */
function recordOf(vevent: ICAL.Component): Record<string, unknown> {
  const event = new ICAL.Event(vevent);
  const start = event.startDate;
  if (!start) throw new Error('no DTSTART');
  // ical.js keeps the TZID parameter of a zone the file does not define (an IANA name, usually) here.
  const tzid = (start as ICAL.Time & { timezone?: string }).timezone;
  const dates: Array<{ start: string; end?: string }> = [];
  const hasEnd = vevent.hasProperty('dtend') || vevent.hasProperty('duration');
  if (event.isRecurring()) {
    const iterator = event.iterator();
    const firstMs = start.toJSDate().getTime();
    for (let next = iterator.next(); next && dates.length < MAX_OCCURRENCES; next = iterator.next()) {
      if (next.toJSDate().getTime() - firstMs > MAX_SPAN_MS) break;
      const details = event.getOccurrenceDetails(next);
      dates.push({ start: dateText(details.startDate), ...(hasEnd ? { end: dateText(details.endDate) } : {}) });
    }
  } else {
    dates.push({ start: dateText(start), ...(hasEnd ? { end: dateText(event.endDate) } : {}) });
  }
  const geo = vevent.getFirstPropertyValue('geo') as unknown;
  const location = text(vevent, 'location');
  const venue = location ? splitLocation(location) : undefined;
  const categories = vevent
    .getAllProperties('categories')
    .flatMap((p) => p.getValues() as unknown[])
    .filter((v): v is string => typeof v === 'string');
  const status = text(vevent, 'status')?.toUpperCase();
  return {
    id: event.uid,
    name: event.summary,
    ...(event.description ? { description: event.description } : {}),
    dates,
    ...(tzid && isTimeZone(tzid) ? { timeZone: tzid } : {}),
    ...(venue
      ? {
          venue: {
            ...venue,
            ...(Array.isArray(geo) && geo.length === 2 ? { lat: Number(geo[0]), lng: Number(geo[1]) } : {}),
          },
        }
      : {}),
    ...(text(vevent, 'url') ? { link: text(vevent, 'url') } : {}),
    ...(categories.length > 0 ? { categories } : {}),
    ...(status === 'CANCELLED' ? { status: 'cancelled' } : {}),
  };
}

/**
 * An iCalendar file (RFC 5545): each VEVENT is one record, numbered from 1. VEVENTs overriding one occurrence
 * (RECURRENCE-ID) are not records of their own: the recurring VEVENT's dates already skip EXDATEs.
 */
export function* readIcal(source: string): Generator<ReadItem> {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(source) as unknown[]);
  } catch (error) {
    throw new FormatError(`not an iCalendar file: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (calendar.name !== 'vcalendar') throw new FormatError('not an iCalendar file: no VCALENDAR');
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(vtimezone);
  }
  let position = 0;
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    position += 1;
    if (vevent.hasProperty('recurrence-id')) continue;
    try {
      yield { position, unit: 'vevent', value: recordOf(vevent) };
    } catch (error) {
      const uid = text(vevent, 'uid');
      yield {
        position,
        unit: 'vevent',
        error: error instanceof Error ? error.message : String(error),
        ...(uid ? { recordId: uid } : {}),
      };
    }
  }
}
