import { describe, expect, it } from 'vitest';
import { fakeExplorerEvent } from '@/test/web/fixtures';
import { groupForList } from './list-order';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (id: number, start: string, end: string) => fakeExplorerEvent(id, { startDate: start, endDate: end });

// In the API's "soonest" order: by start date, so the long-running exhibitions come first.
const page = [
  at(1, '2026-10-01 10:00:00.000 +0100', '2027-02-01 18:00:00.000 +0100'),
  at(2, '2026-11-01 10:00:00.000 +0100', '2026-12-31 18:00:00.000 +0100'),
  at(3, '2026-11-22 20:30:00.000 +0100', '2026-11-22 23:00:00.000 +0100'),
  at(4, '2026-11-23 19:00:00.000 +0100', '2026-11-23 22:00:00.000 +0100'),
];

describe('groupForList', () => {
  it('under "Soonest", puts what starts in the window first and what already runs after, each in the API order', () => {
    const { upcoming, running } = groupForList(page, 'soonest', NOW);
    expect(upcoming.map((e) => e.id)).toEqual([3, 4]);
    expect(running.map((e) => e.id)).toEqual([1, 2]);
  });

  it('measures "already running" from the window start (a weekend window starts on Friday evening)', () => {
    const friday = Date.parse('2026-11-23T17:00:00Z');
    expect(groupForList(page, 'soonest', friday).running.map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('keeps the API order in one group for the other sorts and under "live now"', () => {
    expect(groupForList(page, 'cheapest', NOW)).toEqual({ upcoming: page, running: [] });
    expect(groupForList(page, 'nearest', NOW).running).toEqual([]);
    expect(groupForList(page, 'soonest', null)).toEqual({ upcoming: page, running: [] });
  });
});
