import { INTL_LOCALE, type Locale } from './config';
import { getMessages } from './dictionaries';
import { parseLocalDateTime, wallClock, type LocalDateTime } from './local-date';

/**
 * Locale-aware formatting for the record pages. Event times are shown in the event's own time zone (the offset its
 * `startDate` carries), never in the server's or the visitor's: a concert in Paris starts at 20:30 for everyone.
 * Node 20's Intl rejects offset time zones (`+01:00`), so each instant is shifted by its offset and formatted as UTC.
 */
export interface Formatters {
  locale: Locale;
  /** `samedi 22 novembre 2026` */
  date(value: LocalDateTime): string;
  /** `sam. 22 nov. 2026, 20:30` */
  dateTime(value: LocalDateTime): string;
  /** `20:30` / `8:30 pm` */
  time(value: LocalDateTime): string;
  /** A start–end range, shortened when both fall on the same day; only the start when the end is not reliable. */
  dateTimeRange(start: LocalDateTime, end: LocalDateTime | undefined): string;
  /** A `YYYY-MM-DD hh:mm:ss.SSS +hhmm` range; the raw text if it cannot be parsed. */
  localRange(start: string, end: string | undefined): string;
  /** An ISO 8601 instant as a date, in the given offset (default UTC). */
  isoDate(iso: string, offsetMinutes?: number): string;
  /** A price in euros (`0` is "free"). */
  price(value: number): string;
  /** A price range in euros; `null` bounds mean unknown. */
  priceRange(low: number | null, high: number | null): string;
  /** An `hhmm` period time. */
  periodTime(hhmm: string): string;
  /** Weekday name of a period day (0 = Sunday). */
  weekday(day: number): string;
  /** A grade with one decimal (`4,5`). */
  grade(value: number): string;
}

const cache = new Map<Locale, Formatters>();

/** The formatters of a locale (built once per locale). */
export function getFormatters(locale: Locale): Formatters {
  const existing = cache.get(locale);
  if (existing) return existing;
  const tag = INTL_LOCALE[locale];
  const messages = getMessages(locale);
  const utc = { timeZone: 'UTC' } as const;
  const dateFmt = new Intl.DateTimeFormat(tag, {
    ...utc,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const dateTimeFmt = new Intl.DateTimeFormat(tag, {
    ...utc,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const timeFmt = new Intl.DateTimeFormat(tag, { ...utc, hour: '2-digit', minute: '2-digit' });
  const shortDateFmt = new Intl.DateTimeFormat(tag, { ...utc, day: 'numeric', month: 'long', year: 'numeric' });
  const weekdayFmt = new Intl.DateTimeFormat(tag, { ...utc, weekday: 'long' });
  const money = (value: number) =>
    new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
      maximumFractionDigits: 2,
    });
  const gradeFmt = new Intl.NumberFormat(tag, { minimumFractionDigits: 0, maximumFractionDigits: 1 });

  const formatters: Formatters = {
    locale,
    date: (value) => dateFmt.format(wallClock(value)),
    dateTime: (value) => dateTimeFmt.format(wallClock(value)),
    time: (value) => timeFmt.format(wallClock(value)),
    dateTimeRange(start, end) {
      if (!end || end.instant.getTime() <= start.instant.getTime()) return dateTimeFmt.format(wallClock(start));
      return dateTimeFmt.formatRange(wallClock(start), wallClock(end));
    },
    localRange(start, end) {
      const s = parseLocalDateTime(start);
      if (!s) return start;
      return formatters.dateTimeRange(s, end === undefined ? undefined : parseLocalDateTime(end));
    },
    isoDate(iso, offsetMinutes = 0) {
      const time = Date.parse(iso);
      if (Number.isNaN(time)) return iso;
      return shortDateFmt.format(new Date(time + offsetMinutes * 60_000));
    },
    price: (value) => (value === 0 ? messages.common.free : money(value).format(value)),
    priceRange(low, high) {
      if (low === null && high === null) return messages.common.priceUnknown;
      const a = low ?? high!;
      const b = high ?? low!;
      const [min, max] = a <= b ? [a, b] : [b, a];
      if (min === max) return formatters.price(min);
      if (min === 0) return `${messages.common.free} – ${money(max).format(max)}`;
      const fmt = money(Number.isInteger(min) && Number.isInteger(max) ? 0 : 0.5);
      return fmt.formatRange(min, max);
    },
    periodTime(hhmm) {
      const hours = Number(hhmm.slice(0, 2));
      const minutes = Number(hhmm.slice(2, 4));
      return timeFmt.format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
    },
    // 2023-01-01 was a Sunday: day 0 of a period.
    weekday: (day) => weekdayFmt.format(new Date(Date.UTC(2023, 0, 1 + day))),
    grade: (value) => gradeFmt.format(value),
  };
  cache.set(locale, formatters);
  return formatters;
}
