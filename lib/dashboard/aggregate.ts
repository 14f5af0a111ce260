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

/** A running tally per key; rows are created once per key, then only counted (100 000 clicks: a few ms). */
class Tallies<K> {
  readonly rows = new Map<K, BreakdownRow>();
  add(key: K, rowKey: string | null, cents: number, label?: string): void {
    const row = this.rows.get(key);
    if (row) {
      row.clicks += 1;
      row.cents += cents;
    } else {
      const created: BreakdownRow = { key: rowKey, clicks: 1, cents };
      if (label !== undefined) created.label = label;
      this.rows.set(key, created);
    }
  }
}

const byKey = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null || a < b ? -1 : 1);
const byCommission = (a: BreakdownRow, b: BreakdownRow) =>
  b.cents - a.cents || b.clicks - a.clicks || byKey(a.key, b.key);

/**
 * The top rows by commission (then clicks, then key), the rest folded into a final row keyed `others`. A selection of
 * the top few, not a sort of every row: an event breakdown can have tens of thousands of rows.
 */
function top(rows: Iterable<BreakdownRow>): BreakdownRow[] {
  const best: BreakdownRow[] = [];
  const rest = { clicks: 0, cents: 0, count: 0 };
  for (const row of rows) {
    if (best.length < BREAKDOWN_ROWS + 1 || byCommission(row, best[best.length - 1]!) < 0) {
      let at = best.length;
      while (at > 0 && byCommission(row, best[at - 1]!) < 0) at -= 1;
      best.splice(at, 0, row);
      if (best.length > BREAKDOWN_ROWS + 1) {
        const dropped = best.pop()!;
        rest.clicks += dropped.clicks;
        rest.cents += dropped.cents;
        rest.count += 1;
      }
    } else {
      rest.clicks += row.clicks;
      rest.cents += row.cents;
      rest.count += 1;
    }
  }
  if (rest.count === 0) return best;
  // More rows than fit: the last kept one joins the others too.
  const last = best.pop()!;
  return [...best, { key: 'others', clicks: rest.clicks + last.clicks, cents: rest.cents + last.cents }];
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
  const bySource = new Tallies<string>();
  const byEvent = new Map<number, BreakdownRow>();
  const byCategory = new Tallies<string | null>();
  const byTown = new Tallies<string | null>();
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
    bySource.add(click.source, click.source, cents);
    const eventRow = byEvent.get(click.eventId);
    if (eventRow) {
      eventRow.clicks += 1;
      eventRow.cents += cents;
    } else {
      eventIds.add(click.eventId);
      byEvent.set(click.eventId, { key: String(click.eventId), clicks: 1, cents, label: click.eventName });
    }
    const known = facts(click.eventId);
    const category = known?.category ?? null;
    const town = known?.town ?? null;
    byCategory.add(category, category, cents);
    byTown.add(town, town, cents);
  }
  const latest: HeldClick[] = [];
  for (let i = last - 1; i >= first && latest.length < LATEST_ROWS; i -= 1) latest.push(clicks[i]!);

  return {
    totals,
    previous,
    series,
    bySource: top(bySource.rows.values()),
    byEvent: top(byEvent.values()),
    byCategory: top(byCategory.rows.values()),
    byTown: top(byTown.rows.values()),
    latest,
    eventIds,
  };
}

/** Clicks of a period, oldest first (CSV export). */
export function clicksInRange(clicks: readonly HeldClick[], startMs: number, endMs: number): readonly HeldClick[] {
  return clicks.slice(lowerBound(clicks, startMs), lowerBound(clicks, endMs));
}
