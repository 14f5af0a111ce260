import { describe, expect, it } from 'vitest';
import type { FirstView } from '@/lib/explorer/first-view';
import { fakeExplorerEvent } from '@/test/web/fixtures';
import { makeQueryClient } from './query-client';
import { seedFirstView } from './use-view-events';

const first = (ids: number[]): FirstView => ({
  view: { camera: { lng: 2.35, lat: 46.6, zoom: 5 }, bounds: { west: -5, south: 41, east: 9.6, north: 51 } },
  params: 'minLng=-5&maxLng=9.6&minLat=41&maxLat=51&sort=soonest&limit=500',
  nowMs: Date.UTC(2026, 10, 23, 18, 0),
  device: 'desktop',
  page: {
    data: ids.map((id) => fakeExplorerEvent(id)),
    pagination: {
      totalItems: ids.length,
      totalPages: 1,
      perPage: 500,
      currentPage: 1,
      nextPageParams: null,
      previousPageParams: null,
    },
    clusters: [],
    categoryCounts: {},
    source: 'mirror',
    asOf: null,
    degraded: false,
  },
});

describe('seedFirstView', () => {
  it("puts the server's answer under the view's query key", () => {
    const client = makeQueryClient();
    const view = first([1, 2]);
    seedFirstView(client, view);
    expect(client.getQueryData(['events', view.params])).toBe(view.page);
  });

  it('keeps an answer the browser already has (coming back to the page), and does nothing without a first view', () => {
    const client = makeQueryClient();
    const earlier = first([1]);
    seedFirstView(client, earlier);
    seedFirstView(client, first([3, 4]));
    expect(client.getQueryData(['events', earlier.params])).toBe(earlier.page);
    seedFirstView(client, null);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });
});
