import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEvents, prefetchEvents } from './events-request';

const page = (n: number) => ({ data: [], pagination: { totalItems: n } });

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify(page(calls.length)), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('prefetchEvents', () => {
  it('hands its response to the first fetchEvents with the same parameters, then fetches anew', async () => {
    const calls = stubFetch();
    const params = new URLSearchParams({ minLng: '1', maxLng: '2', minLat: '3', maxLat: '4', limit: '500' });
    prefetchEvents(params);
    prefetchEvents(new URLSearchParams(params)); // the same request is not started twice
    expect(calls).toEqual(['/api/events?minLng=1&maxLng=2&minLat=3&maxLat=4&limit=500']);
    expect((await fetchEvents(new URLSearchParams(params))).pagination.totalItems).toBe(1);
    expect(calls).toHaveLength(1);
    expect((await fetchEvents(params)).pagination.totalItems).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('is not used for other parameters, and is dropped once another query went first', async () => {
    const calls = stubFetch();
    prefetchEvents(new URLSearchParams({ minLng: '10' }));
    await fetchEvents(new URLSearchParams({ minLng: '11' }));
    expect(calls).toEqual(['/api/events?minLng=10', '/api/events?minLng=11']);
    await fetchEvents(new URLSearchParams({ minLng: '10' }));
    expect(calls).toEqual(['/api/events?minLng=10', '/api/events?minLng=11', '/api/events?minLng=10']);
  });
});
