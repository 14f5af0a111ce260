import { describe, expect, it } from 'vitest';
import { inDateOrder, parseSaved, SAVED_MAX, savedCalendarHref, toggleSaved, type SavedEvent } from './saved-list';

const ev = (id: number, start: string, name = `Event ${id}`): SavedEvent => ({
  id,
  name,
  start: `${start} 20:00 +0100`,
  end: `${start} 23:00 +0100`,
  place: 'Hall',
});

describe('saved events', () => {
  it('adds once, removes, and keeps the list bounded', () => {
    let list = toggleSaved([], ev(1, '2026-12-05'), true);
    list = toggleSaved(list, ev(1, '2026-12-05'), true);
    expect(list.map((e) => e.id)).toEqual([1]);
    expect(toggleSaved(list, ev(1, '2026-12-05'), false)).toEqual([]);
    for (let i = 2; i < SAVED_MAX + 10; i++) list = toggleSaved(list, ev(i, '2026-12-05'), true);
    expect(list).toHaveLength(SAVED_MAX);
    expect(list.at(-1)?.id).toBe(SAVED_MAX + 9);
  });

  it('reads what it wrote, and ignores what it cannot read', () => {
    const list = [ev(1, '2026-12-05'), ev(2, '2026-12-01')];
    expect(parseSaved(JSON.stringify(list))).toEqual(list);
    expect(parseSaved('not json')).toEqual([]);
    expect(parseSaved('{"id":1}')).toEqual([]);
    expect(parseSaved(JSON.stringify([{ id: 'x' }, ev(3, '2026-12-02'), ev(3, '2026-12-02')]))).toEqual([
      ev(3, '2026-12-02'),
    ]);
  });

  it('lists them in date order and exports them as one calendar link', () => {
    const list = [ev(1, '2026-12-05'), ev(2, '2026-12-01'), { ...ev(3, '2026-12-03'), start: '?' }];
    expect(inDateOrder(list).map((e) => e.id)).toEqual([2, 1, 3]);
    expect(savedCalendarHref(inDateOrder(list))).toBe('/api/saved/calendar.ics?ids=2,1,3');
  });
});
