import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { getEnv } from '@/lib/env';
import { INTL_LOCALE, type Locale } from '@/lib/i18n/config';
import { getLocale } from '@/lib/i18n/get-locale';
import { aggregateClicks, clicksInRange, type BreakdownRow, type DashboardFigures, type Tally } from './aggregate';
import { dashboardEnabled, isSignedIn } from './auth';
import { getClickHistory, getEventFacts } from './dashboard-data';
import { dashboardMessages, type DashboardMessages } from '@/lib/i18n/dashboard-messages';
import { PeriodError, resolvePeriod, type Period, type PeriodRange } from './periods';

/**
 * Figures of a period are reused while no click arrived and no fact was learnt, for up to a minute (the previous
 * period's cut moves with the clock): a warm render then costs the page, not a pass over every click.
 */
const FIGURES_TTL_MS = 60_000;
const figuresCache = new Map<string, DashboardFigures>();

function cachedFigures(key: string, compute: () => DashboardFigures): DashboardFigures {
  let figures = figuresCache.get(key);
  if (!figures) {
    figures = compute();
    if (figuresCache.size >= 16) figuresCache.clear();
    figuresCache.set(key, figures);
  }
  return figures;
}

/** How long one dashboard render may wait for facts (category, town) of events it has not seen yet. */
const FACTS_BUDGET_MS = 300;

export interface DashboardQuery {
  period?: string;
  from?: string;
  to?: string;
  signin?: string;
  wait?: string;
}

/** One row of a breakdown or chart table, formatted. */
export interface FormattedRow {
  label: string;
  clicks: number;
  clicksText: string;
  cents: number;
  commissionText: string;
}

export interface ChangeFigure {
  text: string;
  direction: 'up' | 'down' | 'flat' | 'none';
}

export interface DashboardData {
  range: PeriodRange;
  periodError: boolean;
  timeZone: string;
  totals: { clicks: string; commission: string; clicksChange: ChangeFigure; commissionChange: ChangeFigure };
  /** The chart's buckets: short axis label, full label (tables), tallies. */
  series: Array<FormattedRow & { axisLabel: string }>;
  seriesRange: { from: string; to: string };
  breakdowns: Array<{
    id: 'source' | 'event' | 'category' | 'town';
    title: string;
    column: string;
    rows: FormattedRow[];
  }>;
  latest: Array<{ time: string; iso: string; event: string; eventId: number; source: string; commission: string }>;
  /** The upstream failed at the last refresh: when (formatted), or null. */
  upstreamError: string | null;
  neverLoaded: boolean;
  lastUpdated: string | null;
  factsPending: boolean;
  exportHref: string;
  /** The Partner API's docs (the operator's service): a partner's link, kept out of the visitors' header. */
  docsHref: string;
}

export type DashboardView =
  | { kind: 'disabled'; locale: Locale; messages: DashboardMessages }
  | { kind: 'sign-in'; locale: Locale; messages: DashboardMessages; notice: string | null }
  | { kind: 'dashboard'; locale: Locale; messages: DashboardMessages; data: DashboardData };

function changeFigure(current: number, previous: number, locale: Locale): ChangeFigure {
  if (previous === 0) return { text: '—', direction: 'none' };
  const ratio = (current - previous) / previous;
  const percent = new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(ratio);
  return { text: percent, direction: ratio > 0.0005 ? 'up' : ratio < -0.0005 ? 'down' : 'flat' };
}

/** The query string of a period (for links and the export). */
export function periodSearch(range: Pick<PeriodRange, 'period' | 'from' | 'to'>): string {
  const params = new URLSearchParams({ period: range.period });
  if (range.period === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  return params.toString();
}

/** Builds everything the `/partner` page shows for the current request. */
export async function loadDashboard(query: DashboardQuery, now = serverNow()): Promise<DashboardView> {
  const locale = await getLocale();
  const messages = dashboardMessages(locale);
  if (!dashboardEnabled()) return { kind: 'disabled', locale, messages };
  if (!(await isSignedIn())) {
    const wait = Number(query.wait);
    const notice =
      query.signin === 'failed'
        ? messages.wrongPassword
        : query.signin === 'limited'
          ? messages.tooManyAttempts(Math.max(1, Math.ceil((Number.isFinite(wait) ? wait : 60) / 60)))
          : null;
    return { kind: 'sign-in', locale, messages, notice };
  }
  return { kind: 'dashboard', locale, messages, data: await dashboardData(query, locale, messages, now) };
}

async function dashboardData(
  query: DashboardQuery,
  locale: Locale,
  messages: DashboardMessages,
  now: number,
): Promise<DashboardData> {
  const timeZone = getEnv().partnerDashboardTimeZone;
  let range: PeriodRange;
  let periodError = false;
  try {
    range = resolvePeriod(query, now, timeZone);
  } catch (error) {
    if (!(error instanceof PeriodError)) throw error;
    periodError = true;
    range = resolvePeriod({ period: '30d' }, now, timeZone);
  }

  const history = getClickHistory();
  await history.refresh();
  const facts = getEventFacts();
  const figuresKey = () =>
    [
      range.period,
      range.startMs,
      range.endMs > now ? Math.floor(now / FIGURES_TTL_MS) : range.endMs,
      history.clicks.length,
      facts.version(),
    ].join('|');
  let figures = figuresCache.get(figuresKey());
  if (!figures) {
    const periodClicks = clicksInRange(history.clicks, range.startMs, range.endMs);
    await facts.fill(
      periodClicks.map((click) => click.eventId),
      FACTS_BUDGET_MS,
    );
    figures = cachedFigures(figuresKey(), () => aggregateClicks(history.clicks, range, (id) => facts.lookup(id)));
  }

  const tag = INTL_LOCALE[locale];
  const euros = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' });
  const integer = new Intl.NumberFormat(tag);
  const dateTime = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const longDate = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'long' });
  const bucketFormats = {
    hour: {
      axis: new Intl.DateTimeFormat(tag, { timeZone, hour: '2-digit', minute: '2-digit' }),
      full: new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
    },
    day: {
      axis: new Intl.DateTimeFormat(tag, { timeZone, day: 'numeric', month: 'short' }),
      full: new Intl.DateTimeFormat(tag, { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    },
    month: {
      axis: new Intl.DateTimeFormat(tag, { timeZone, month: 'short' }),
      full: new Intl.DateTimeFormat(tag, { timeZone, month: 'long', year: 'numeric' }),
    },
  }[range.bucket];

  const row = (label: string, tally: Tally): FormattedRow => ({
    label,
    clicks: tally.clicks,
    clicksText: integer.format(tally.clicks),
    cents: tally.cents,
    commissionText: euros.format(tally.cents / 100),
  });
  const label = (breakdown: 'source' | 'event' | 'category' | 'town', entry: BreakdownRow): string => {
    if (entry.key === 'others' && entry.label === undefined) return messages.others;
    if (entry.key === null) return messages.unknown;
    if (breakdown === 'event') return entry.label ?? entry.key;
    if (breakdown === 'category' && (MAIN_CATEGORIES as readonly string[]).includes(entry.key)) {
      return CATEGORY_LABELS[entry.key as TMainCategory][locale];
    }
    return entry.key;
  };
  const breakdown = (id: 'source' | 'event' | 'category' | 'town', rows: BreakdownRow[]) =>
    rows.map((entry) => row(label(id, entry), entry));

  const status = history.status();
  const factsPending = [...figures.eventIds].some((id) => facts.lookup(id) === undefined);
  return {
    range,
    periodError,
    timeZone,
    totals: {
      clicks: integer.format(figures.totals.clicks),
      commission: euros.format(figures.totals.cents / 100),
      clicksChange: changeFigure(figures.totals.clicks, figures.previous.clicks, locale),
      commissionChange: changeFigure(figures.totals.cents, figures.previous.cents, locale),
    },
    series: range.buckets.map((start, i) => ({
      ...row(bucketFormats.full.format(start), figures.series[i]!),
      axisLabel: bucketFormats.axis.format(start),
    })),
    seriesRange: { from: longDate.format(range.startMs), to: longDate.format(range.endMs - 1) },
    breakdowns: [
      { id: 'source', title: messages.bySource, column: messages.source, rows: breakdown('source', figures.bySource) },
      { id: 'event', title: messages.byEvent, column: messages.event, rows: breakdown('event', figures.byEvent) },
      {
        id: 'category',
        title: messages.byCategory,
        column: messages.category,
        rows: breakdown('category', figures.byCategory),
      },
      { id: 'town', title: messages.byTown, column: messages.town, rows: breakdown('town', figures.byTown) },
    ],
    latest: figures.latest.map((click) => ({
      time: dateTime.format(click.ms),
      iso: click.createdAt,
      event: click.eventName,
      eventId: click.eventId,
      source: click.source,
      commission: euros.format(click.commission),
    })),
    upstreamError: status.lastError ? dateTime.format(status.lastError.at) : null,
    neverLoaded: status.lastSuccessAt === null && history.clicks.length === 0,
    lastUpdated: status.lastSuccessAt === null ? null : dateTime.format(status.lastSuccessAt),
    factsPending,
    exportHref: `/partner/export?${periodSearch(range)}`,
    docsHref: `${getEnv().partnerApiUrl}/docs`,
  };
}

/** Periods in the order the picker shows them. */
export const PICKER_PERIODS: Period[] = ['today', '7d', '30d', '12m', 'custom'];
