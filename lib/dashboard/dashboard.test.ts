import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TClick, TClicksResponse } from '@/lib/contract';
import { hashDashboardPassword } from '@/lib/env';
import { aggregateClicks, BREAKDOWN_ROWS } from './aggregate';
import { clearSignInAttempts, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS, takeSignInAttempt, verifyPassword } from './auth';
import { ClickHistory, type FetchClicksPage } from './click-history';
import { clicksCsv } from './clicks-csv';
import { PeriodError, resolvePeriod } from './periods';

const PARIS = 'Europe/Paris';

function click(createdAt: string, overrides: Partial<TClick> = {}): TClick {
  return {
    createdAt,
    link: 'http://127.0.0.1:4000/r/abc',
    linkId: 1,
    eventId: 1,
    eventName: 'Concert',
    source: 'TicketSud',
    commission: 1.1,
    ...overrides,
  };
}

/** A fake `GET /v2/clicks` over a list it can append to: `createdAt > minDate`, oldest first, paged. */
function upstream(all: TClick[]) {
  const calls: Array<{ minDate?: string; pageNumber: number }> = [];
  let failing = false;
  const fetchPage: FetchClicksPage = ({ minDate, limit, pageNumber }) => {
    calls.push({ minDate, pageNumber });
    if (failing) return Promise.reject(new Error('upstream down'));
    const after = minDate === undefined ? -Infinity : Date.parse(minDate);
    const matching = all.filter((c) => Date.parse(c.createdAt) > after);
    const data = matching.slice((pageNumber - 1) * limit, pageNumber * limit);
    const totalPages = Math.ceil(matching.length / limit);
    const body: TClicksResponse = {
      data,
      pagination: {
        totalItems: matching.length,
        totalPages,
        perPage: limit,
        currentPage: pageNumber,
        nextPageParams: pageNumber < totalPages ? { pageNumber: pageNumber + 1, limit } : null,
        previousPageParams: pageNumber > 1 ? { pageNumber: pageNumber - 1, limit } : null,
      },
    };
    return Promise.resolve(body);
  };
  return { fetchPage, calls, fail: (value: boolean) => (failing = value) };
}

describe('periods', () => {
  const now = Date.parse('2026-03-29T10:30:00Z'); // the day Paris moves to summer time (23 hours long)

  it('resolves rolling periods in the partner time zone, with a previous period of the same length', () => {
    const today = resolvePeriod({ period: 'today' }, now, PARIS);
    expect(new Date(today.startMs).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(today.bucket).toBe('hour');
    expect(new Date(today.previousStartMs).toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(today.previousEndMs - today.previousStartMs).toBe(today.endMs - today.startMs);

    const week = resolvePeriod({ period: '7d' }, now, PARIS);
    expect(week.buckets).toHaveLength(7);
    expect(new Date(week.startMs).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    // The last bucket starts at local midnight of the DST day.
    expect(new Date(week.buckets.at(-1)!).toISOString()).toBe('2026-03-28T23:00:00.000Z');

    const year = resolvePeriod({ period: '12m' }, now, PARIS);
    expect(year.buckets).toHaveLength(12);
    expect(year.from).toBe('2025-04-01');
  });

  it('resolves a custom range of whole days and refuses bad ones with a reason', () => {
    const range = resolvePeriod({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }, now, PARIS);
    expect(range.buckets).toHaveLength(31);
    expect(new Date(range.endMs).toISOString()).toBe('2026-01-31T23:00:00.000Z');
    expect(() => resolvePeriod({ period: 'custom', from: '2026-02-30', to: '2026-03-01' }, now, PARIS)).toThrow(
      PeriodError,
    );
    expect(() => resolvePeriod({ period: 'custom', from: '2026-03-02', to: '2026-03-01' }, now, PARIS)).toThrow(
      'from must not be after to',
    );
    expect(() => resolvePeriod({ period: 'fortnight' }, now, PARIS)).toThrow(PeriodError);
  });
});

describe('click aggregation', () => {
  it('totals, compares, buckets and breaks down the clicks of a period', async () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    const clicks = [
      click('2026-06-05T10:00:00Z', { commission: 2 }), // previous 7 days
      click('2026-06-09T10:00:00Z', { commission: 1.1, eventId: 1 }),
      click('2026-06-15T08:00:00Z', { commission: 0.2, eventId: 2, source: 'Festivalia' }),
      click('2026-06-15T09:00:00Z', { commission: 0.1, eventId: 2, source: 'Festivalia' }),
    ];
    const history = new ClickHistory(upstream(clicks).fetchPage);
    await history.refresh();
    const range = resolvePeriod({ period: '7d' }, now, PARIS);
    const facts = (id: number) => (id === 1 ? { category: 'musique', town: 'Lyon' } : undefined);
    const figures = aggregateClicks(history.clicks, range, facts);
    expect(figures.totals).toEqual({ clicks: 3, cents: 140 });
    expect(figures.previous).toEqual({ clicks: 1, cents: 200 });
    expect(figures.series.map((t) => t.clicks)).toEqual([1, 0, 0, 0, 0, 0, 2]);
    expect(figures.bySource).toEqual([
      { key: 'TicketSud', clicks: 1, cents: 110 },
      { key: 'Festivalia', clicks: 2, cents: 30 },
    ]);
    expect(figures.byTown).toEqual([
      { key: 'Lyon', clicks: 1, cents: 110 },
      { key: null, clicks: 2, cents: 30 },
    ]);
    expect(figures.latest.map((c) => c.createdAt)).toEqual([
      '2026-06-15T09:00:00Z',
      '2026-06-15T08:00:00Z',
      '2026-06-09T10:00:00Z',
    ]);
  });

  it('folds the rows beyond the top ones into one "others" row', () => {
    const clicks = Array.from({ length: BREAKDOWN_ROWS + 5 }, (_, i) => ({
      ...click('2026-06-15T08:00:00Z', { source: `Partner ${i}`, commission: i + 1 }),
      ms: Date.parse('2026-06-15T08:00:00Z'),
    }));
    const figures = aggregateClicks(
      clicks,
      resolvePeriod({ period: '7d' }, Date.parse('2026-06-15T12:00:00Z'), PARIS),
      () => undefined,
    );
    expect(figures.bySource).toHaveLength(BREAKDOWN_ROWS + 1);
    expect(figures.bySource.at(-1)).toEqual({ key: 'others', clicks: 5, cents: 1500 });
  });
});

describe('click history', () => {
  it('fetches history once, then only newer clicks, keeping clicks made in the same millisecond', async () => {
    const all = Array.from({ length: 2500 }, (_, i) =>
      click(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()),
    );
    const api = upstream(all);
    const history = new ClickHistory(api.fetchPage);
    await history.refresh();
    expect(history.clicks).toHaveLength(2500);
    // The first page, then the rest of the history a few pages at a time (same minDate).
    expect(api.calls.map((c) => c.pageNumber).sort()).toEqual([1, 2, 3]);
    expect(api.calls.every((c) => c.minDate === undefined)).toBe(true);
    expect(history.clicks.map((c) => c.createdAt)).toEqual(all.map((c) => c.createdAt));

    // Another click in the newest millisecond, and a later one.
    const last = all.at(-1)!.createdAt;
    all.push(click(last, { linkId: 2 }), click(new Date(Date.parse(last) + 1000).toISOString(), { linkId: 3 }));
    api.calls.length = 0;
    await history.refresh();
    expect(api.calls).toEqual([{ minDate: new Date(Date.parse(last) - 1).toISOString(), pageNumber: 1 }]);
    expect(history.clicks).toHaveLength(2502);
    expect(history.clicks.slice(-3).map((c) => c.linkId)).toEqual([1, 2, 3]);
  });

  it('pages by number through a full page of clicks made in one millisecond', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => click('2026-01-01T00:00:00.000Z', { linkId: i }));
    const history = new ClickHistory(upstream(all).fetchPage);
    await history.refresh();
    expect(history.clicks.map((c) => c.linkId)).toEqual(all.map((c) => c.linkId));
  });

  it('keeps the pages before a failure in order, and resumes after them', async () => {
    const all = Array.from({ length: 4500 }, (_, i) =>
      click(new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()),
    );
    const api = upstream(all);
    let down = true;
    const history = new ClickHistory(async (query) => {
      if (query.pageNumber === 3 && down) throw new Error('upstream down');
      return api.fetchPage(query);
    });
    await history.refresh();
    expect(history.status().lastError?.message).toBe('upstream down');
    const held = history.clicks.map((c) => c.createdAt);
    expect(held).toEqual(all.slice(0, held.length).map((c) => c.createdAt));
    expect(held.length).toBeGreaterThanOrEqual(1000);
    down = false;
    await history.refresh();
    expect(history.clicks.map((c) => c.createdAt)).toEqual(all.map((c) => c.createdAt));
  });

  it('keeps what it holds and reports the failure when the upstream cannot serve', async () => {
    const api = upstream([click('2026-01-01T00:00:00Z')]);
    const history = new ClickHistory(api.fetchPage);
    await history.refresh();
    api.fail(true);
    await history.refresh();
    expect(history.clicks).toHaveLength(1);
    expect(history.status().lastError?.message).toBe('upstream down');
    api.fail(false);
    await history.refresh();
    expect(history.status().lastError).toBeNull();
  });
});

describe('CSV export', () => {
  it('writes the spec fields, quoting what needs it and defusing spreadsheet formulas', () => {
    const csv = clicksCsv(
      [
        click('2026-01-01T00:00:00.000Z', { eventName: 'Rock, "live"' }),
        click('2026-01-02T00:00:00.000Z', { eventName: '=HYPERLINK("x")', commission: 0.35 }),
      ],
      'https://events.example',
    );
    expect(csv.split('\r\n')).toEqual([
      'createdAt,link,linkId,eventId,eventName,source,commission',
      '2026-01-01T00:00:00.000Z,http://127.0.0.1:4000/r/abc,1,1,"Rock, ""live""",TicketSud,1.1',
      `2026-01-02T00:00:00.000Z,http://127.0.0.1:4000/r/abc,1,1,"'=HYPERLINK(""x"")",TicketSud,0.35`,
      '',
    ]);
  });

  it('writes links served through the app as whole URLs on its origin', () => {
    const csv = clicksCsv([click('2026-01-01T00:00:00.000Z', { link: '/r/abc' })], 'https://events.example');
    expect(csv.split('\r\n')[1]).toBe(
      '2026-01-01T00:00:00.000Z,https://events.example/r/abc,1,1,Concert,TicketSud,1.1',
    );
  });
});

describe('dashboard password', () => {
  it('accepts only the password whose hash is stored', async () => {
    const salt = randomBytes(16);
    const stored = { salt, hash: hashDashboardPassword('correct horse battery', salt) };
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batter')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
    expect(await verifyPassword(stored, 'x'.repeat(10_000))).toBe(false);
  });
});

describe('sign-in rate limit', () => {
  it('refuses an address past its allowance until the window ends, and forgets it after a success', () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    for (let i = 0; i < SIGN_IN_ATTEMPTS; i += 1) expect(takeSignInAttempt('203.0.113.7', now)).toBeNull();
    expect(takeSignInAttempt('203.0.113.7', now + 1000)).toBe(SIGN_IN_WINDOW_MS / 1000 - 1);
    expect(takeSignInAttempt('198.51.100.1', now + 1000)).toBeNull();
    expect(takeSignInAttempt('203.0.113.7', now + SIGN_IN_WINDOW_MS)).toBeNull();
    clearSignInAttempts('198.51.100.1');
    for (let i = 0; i < SIGN_IN_ATTEMPTS; i += 1) expect(takeSignInAttempt('198.51.100.1', now)).toBeNull();
  });
});
