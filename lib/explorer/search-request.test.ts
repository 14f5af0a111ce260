import { describe, expect, it } from 'vitest';
import type { TSearchResponse } from '@/lib/contract';
import { groupRecurring, groupResults, searchParams } from './search-request';

const place = (id: string, score: number) => ({
  place: {
    id,
    name: `Place ${id}`,
    address: 'a',
    city: 'Lyon',
    lng: 4.8,
    lat: 45.7,
    averageGrade: null,
    totalGrades: null,
    score,
  },
});
const performer = (id: number, score: number) => ({
  performer: { id, name: `Performer ${id}`, image: null, webImage: null, score },
});

describe('search results', () => {
  it('groups events, places and performers, keeping the API rank inside each group', () => {
    const items = [performer(1, 0.9), place('a', 0.8), performer(2, 0.7), place('b', 0.6)] as TSearchResponse;
    expect(groupResults(items).map((o) => `${o.kind}:${o.id}`)).toEqual([
      'place:a',
      'place:b',
      'performer:1',
      'performer:2',
    ]);
  });

  it('sends the trimmed text and the map centre, rounded', () => {
    expect(searchParams('  jazz ', { lng: 2.352222, lat: 48.856613 }).toString()).toBe(
      'q=jazz&limit=15&lng=2.352&lat=48.857',
    );
    expect(searchParams('jazz', null).has('lng')).toBe(false);
  });
});

describe('recurring events', () => {
  const event = (id: number, day: string, venue = 'Hall') => ({
    kind: 'event' as const,
    id,
    label: 'Les Nuits de Lyon',
    venue,
    city: 'Lyon',
    startDate: `2026-02-${day} 20:00:00.000 +0100`,
    endDate: null,
    dates: 1,
    category: null,
    image: null,
  });

  it('folds the same name at the same venue into one option that opens the soonest date', () => {
    const folded = groupRecurring([event(9, '09'), event(8, '08'), event(7, '08', 'Elsewhere')]);
    expect(folded).toHaveLength(2);
    expect(folded[0]).toMatchObject({ id: 8, dates: 2 });
    expect(folded[1]).toMatchObject({ id: 7, dates: 1 });
  });
});
