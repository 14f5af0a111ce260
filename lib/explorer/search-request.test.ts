import { describe, expect, it } from 'vitest';
import type { TSearchResponse } from '@/lib/contract';
import { groupResults, searchParams } from './search-request';

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
