import { startOfZonedDay, startOfZonedMonth, zonedDay, zonedInstant } from '@/lib/shared/zoned-time';

/** The periods the dashboard offers. */
export const PERIODS = ['today', '7d', '30d', '12m', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** The longest custom range, in days (two years: a daily chart is still readable as months beyond 120 days). */
export const MAX_CUSTOM_DAYS = 731;

export type Bucket = 'hour' | 'day' | 'month';

/** A period resolved to instants in the partner's time zone. */
export interface PeriodRange {
  period: Period;
  /** First instant of the period. */
  startMs: number;
  /** First instant after it (now + 1 ms for periods that run until now). */
  endMs: number;
  /** The previous period of the same length, for the change figures. */
  previousStartMs: number;
  previousEndMs: number;
  bucket: Bucket;
  /** Start of every bucket of the chart, in order (the last one ends at endMs). */
  buckets: number[];
  /** The period's first and last calendar days (YYYY-MM-DD, inclusive), as the custom form shows them. */
  from: string;
  to: string;
}

/** A period the dashboard could not use, with the reason (shown to the partner). */
export class PeriodError extends Error {
  override name = 'PeriodError';
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(value: string | undefined, field: string): { year: number; month: number; day: number } {
  const m = value === undefined ? null : DAY_PATTERN.exec(value);
  if (!m) throw new PeriodError(`${field} must be a date (YYYY-MM-DD).`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new PeriodError(`${field} is not a calendar date.`);
  }
  return { year, month, day };
}

function bucketStarts(startMs: number, endMs: number, bucket: Bucket, timeZone: string): number[] {
  const starts: number[] = [];
  for (let k = 0; ; k += 1) {
    const at =
      k === 0
        ? startMs
        : bucket === 'hour'
          ? startMs + k * 3_600_000
          : bucket === 'day'
            ? startOfZonedDay(startMs, timeZone, k)
            : startOfZonedMonth(startMs, timeZone, k);
    if (at >= endMs) break;
    starts.push(at);
  }
  return starts;
}

/**
 * Resolves a period of the query string (`period`, and `from`/`to` for `custom`) at `now` in the zone; throws a
 * {@link PeriodError} for an unusable one. Rolling periods end now and include today; `12m` starts on the first of
 * the month eleven months back. The previous period has the same calendar length and ends as far into it.
 */
export function resolvePeriod(
  query: { period?: string; from?: string; to?: string },
  now: number,
  timeZone: string,
): PeriodRange {
  const period = (query.period ?? '30d') as Period;
  if (!PERIODS.includes(period)) throw new PeriodError(`period must be one of ${PERIODS.join(', ')}.`);
  const endNow = now + 1;
  const make = (startMs: number, endMs: number, previousStartMs: number, bucket: Bucket): PeriodRange => ({
    period,
    startMs,
    endMs,
    previousStartMs,
    previousEndMs: previousStartMs + (endMs - startMs),
    bucket,
    buckets: bucketStarts(startMs, endMs, bucket, timeZone),
    from: zonedDay(startMs, timeZone),
    to: zonedDay(endMs - 1, timeZone),
  });
  switch (period) {
    case 'today': {
      const start = startOfZonedDay(now, timeZone);
      return make(start, endNow, startOfZonedDay(now, timeZone, -1), 'hour');
    }
    case '7d':
      return make(startOfZonedDay(now, timeZone, -6), endNow, startOfZonedDay(now, timeZone, -13), 'day');
    case '30d':
      return make(startOfZonedDay(now, timeZone, -29), endNow, startOfZonedDay(now, timeZone, -59), 'day');
    case '12m':
      return make(startOfZonedMonth(now, timeZone, -11), endNow, startOfZonedMonth(now, timeZone, -23), 'month');
    case 'custom': {
      const from = parseDay(query.from, 'from');
      const to = parseDay(query.to, 'to');
      const startMs = zonedInstant(from.year, from.month, from.day, 0, timeZone);
      const endMs = zonedInstant(to.year, to.month, to.day + 1, 0, timeZone);
      if (endMs <= startMs) throw new PeriodError('from must not be after to.');
      const days = Math.round((endMs - startMs) / 86_400_000);
      if (days > MAX_CUSTOM_DAYS) throw new PeriodError(`A custom period spans at most ${MAX_CUSTOM_DAYS} days.`);
      const previousStartMs = zonedInstant(from.year, from.month, from.day - days, 0, timeZone);
      return make(startMs, endMs, previousStartMs, days > 120 ? 'month' : days <= 2 ? 'hour' : 'day');
    }
  }
}
