import type { HeldClick } from './click-history';
import type { EventFacts } from './event-facts';
import type { PeriodRange } from './periods';

/** Clicks and commission of a slice; commission in euro cents (summed exactly, shown in euros). */
export interface Tally {
  clicks: number;
  cents: number;
}

export interface BreakdownRow extends Tally {
  /** Stable key (source name, event id, category key, town name); null = unknown. */
  key: string | null;
  /** Event rows: the event's name. */
  label?: string;
}

export interface DashboardFigures {
  totals: Tally;
  previous: Tally;
  /** One tally per bucket of the range. */
  series: Tally[];
  bySource: BreakdownRow[];
  byEvent: BreakdownRow[];
  byCategory: BreakdownRow[];
  byTown: BreakdownRow[];
  /** The period's newest clicks, newest first. */
  latest: HeldClick[];
  /** Event ids of the period (for facts still to fetch). */
  eventIds: Set<number>;
}

/** Rows kept per breakdown; the rest are summed into one `others` row. */
export const BREAKDOWN_ROWS = 10;
export const LATEST_ROWS = 20;

/** Index of the first click at or after `ms` (clicks are sorted by time). */
export function lowerBound(clicks: readonly HeldClick[], ms: number): number {
  let lo = 0;
  let hi = clicks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clicks[mid]!.ms < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const toCents = (euros: number) => Math.round(euros * 100);

function tallyInto(map: Map<string | null, BreakdownRow>, key: string | null, cents: number, label?: string) {
  let row = map.get(key);
  if (!row) {
    row = { key, clicks: 0, cents: 0, ...(label !== undefined && { label }) };
    map.set(key, row);
  }
  row.clicks += 1;
  row.cents += cents;
}

/** The top rows by commission (then clicks), the rest folded into a final row keyed `others`. */
function top(map: Map<string | null, BreakdownRow>): BreakdownRow[] {
  const rows = [...map.values()].sort(
    (a, b) => b.cents - a.cents || b.clicks - a.clicks || String(a.key).localeCompare(String(b.key)),
  );
  if (rows.length <= BREAKDOWN_ROWS + 1) return rows;
  const rest = rows
    .slice(BREAKDOWN_ROWS)
    .reduce((sum, row) => ({ clicks: sum.clicks + row.clicks, cents: sum.cents + row.cents }), {
      clicks: 0,
      cents: 0,
    });
  return [...rows.slice(0, BREAKDOWN_ROWS), { key: 'others', ...rest }];
}

/** Slices the clicks of a period: totals against the previous period, the chart series, breakdowns, latest. */
export function aggregateClicks(
  clicks: readonly HeldClick[],
  range: PeriodRange,
  facts: (eventId: number) => EventFacts | undefined,
): DashboardFigures {
  const previous: Tally = { clicks: 0, cents: 0 };
  for (let i = lowerBound(clicks, range.previousStartMs); i < clicks.length; i += 1) {
    const click = clicks[i]!;
    if (click.ms >= range.previousEndMs) break;
    previous.clicks += 1;
    previous.cents += toCents(click.commission);
  }

  const totals: Tally = { clicks: 0, cents: 0 };
  const series: Tally[] = range.buckets.map(() => ({ clicks: 0, cents: 0 }));
  const bySource = new Map<string | null, BreakdownRow>();
  const byEvent = new Map<string | null, BreakdownRow>();
  const byCategory = new Map<string | null, BreakdownRow>();
  const byTown = new Map<string | null, BreakdownRow>();
  const eventIds = new Set<number>();
  const first = lowerBound(clicks, range.startMs);
  let bucket = 0;
  let last = first;
  for (let i = first; i < clicks.length; i += 1) {
    const click = clicks[i]!;
    if (click.ms >= range.endMs) break;
    last = i + 1;
    while (bucket + 1 < range.buckets.length && click.ms >= range.buckets[bucket + 1]!) bucket += 1;
    const cents = toCents(click.commission);
    totals.clicks += 1;
    totals.cents += cents;
    series[bucket]!.clicks += 1;
    series[bucket]!.cents += cents;
    tallyInto(bySource, click.source, cents);
    tallyInto(byEvent, String(click.eventId), cents, click.eventName);
    const known = facts(click.eventId);
    tallyInto(byCategory, known?.category ?? null, cents);
    tallyInto(byTown, known?.town ?? null, cents);
    eventIds.add(click.eventId);
  }
  const latest: HeldClick[] = [];
  for (let i = last - 1; i >= first && latest.length < LATEST_ROWS; i -= 1) latest.push(clicks[i]!);

  return {
    totals,
    previous,
    series,
    bySource: top(bySource),
    byEvent: top(byEvent),
    byCategory: top(byCategory),
    byTown: top(byTown),
    latest,
    eventIds,
  };
}

/** Clicks of a period, oldest first (CSV export). */
export function clicksInRange(clicks: readonly HeldClick[], startMs: number, endMs: number): readonly HeldClick[] {
  return clicks.slice(lowerBound(clicks, startMs), lowerBound(clicks, endMs));
}
