import type { TPeriod } from '@/lib/contract/records';

/** A run longer than this (an exhibition, a fair) is "on" only while its venue is open, not all night. */
const LONG_RUN_MS = 24 * 3600_000;
/** How soon a short event counts as live before it starts (the API's `isLive`: within three hours). */
const SOON_MS = 3 * 3600_000;
/** Daytime hours assumed for a long run whose venue gives no opening hours: [from, to) local hours. */
const DEFAULT_DAY_HOURS = [9, 19] as const;

const WIRE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)? ?([+-])(\d{2})(\d{2})$/;

/** A wire date `YYYY-MM-DD hh:mm[:ss.SSS] +hhmm` as its instant and the place's UTC offset (minutes east). */
function readWire(value: string): { ms: number; offset: number } | null {
  const m = WIRE.exec(value);
  if (!m) return null;
  const offset = (m[3] === '-' ? -1 : 1) * (Number(m[4]) * 60 + Number(m[5]));
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3]}${m[4]}:${m[5]}`);
  return Number.isNaN(ms) ? null : { ms, offset };
}

/** Whether the venue's weekly periods (0 = Sunday, `hhmm`) hold the local wall clock `wall` (UTC fields = local). */
export function openAt(periods: readonly TPeriod[], wall: Date): boolean {
  const minute = (day: number, time: string) => day * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(2));
  const now = minute(
    wall.getUTCDay(),
    `${String(wall.getUTCHours()).padStart(2, '0')}${String(wall.getUTCMinutes()).padStart(2, '0')}`,
  );
  return periods.some(({ open, close }) => {
    const from = minute(open.day, open.time);
    let to = minute(close.day, close.time);
    if (to <= from) to += 7 * 1440; // closes after the week wraps (Saturday night → Sunday)
    return (now >= from && now < to) || (now + 7 * 1440 >= from && now + 7 * 1440 < to);
  });
}

/** One attendable date of an event, in wire form. */
export interface WireDates {
  startDate: string;
  endDate: string;
}

/**
 * Whether an event is "live": a short date (a concert, a show) from three hours before its start to its end, as the
 * API's `isLive`; a long run (an exhibition over weeks) only while it is actually open — within the venue's opening
 * hours when the data has them, else in the daytime — so a month-long exhibition is not "live" at midnight. `dates`
 * are the available dates (the event's own first-to-last dates when the sources list none).
 */
export function liveAt(dates: readonly WireDates[], now: number, periods: readonly TPeriod[] = []): boolean {
  return dates.some((d) => {
    const start = readWire(d.startDate);
    const end = readWire(d.endDate);
    if (!start || !end || end.ms < now) return false;
    if (end.ms - start.ms <= LONG_RUN_MS) return start.ms <= now + SOON_MS;
    if (start.ms > now) return false;
    const wall = new Date(now + end.offset * 60_000);
    if (periods.length > 0) return openAt(periods, wall);
    const hour = wall.getUTCHours();
    return hour >= DEFAULT_DAY_HOURS[0] && hour < DEFAULT_DAY_HOURS[1];
  });
}
