import { describe, expect, it } from 'vitest';
import type { TExplorerCluster } from '@/lib/contract';
import { mapGroups } from './map-groups';

const cluster = (count: number, label?: string): TExplorerCluster => ({
  position: [2.35, 48.85],
  count,
  bounds: [2.3, 48.8, 2.4, 48.9],
  ...(label === undefined ? {} : { label }),
});

describe('mapGroups', () => {
  it('merges circles over one town, names the biggest first and adds up to what the map draws', () => {
    const { groups, drawn } = mapGroups([cluster(80, 'Lyon'), cluster(200, 'Paris'), cluster(59, 'Paris'), cluster(3)]);
    expect(groups).toEqual([
      { label: 'Paris', count: 259 },
      { label: 'Lyon', count: 80 },
      { label: null, count: 3 },
    ]);
    expect(drawn).toBe(342);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(drawn);
  });

  it('has no group for an empty view', () => {
    expect(mapGroups([])).toEqual({ groups: [], drawn: 0 });
  });
});
