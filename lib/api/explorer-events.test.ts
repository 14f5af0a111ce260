import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as explorerEventsRoute } from '@/app/api/explorer/events/route';
import { ZExplorerEventsPageSchema } from '@/lib/contract';
import { FakeUpstream } from '@/test/web/fake-upstream';
import { fakeEvent } from '@/test/web/fixtures';
import { toExplorerEvent } from '@/lib/explorer/explorer-event';

const fake = new FakeUpstream({ clientId: 'explorer-client', clientSecret: 'explorer-client-secret-value' });

beforeAll(async () => {
  await fake.start();
  // lib/env.ts reads process.env once, at first use: configure before any route runs.
  process.env.PARTNER_API_URL = fake.baseUrl;
  process.env.PARTNER_CLIENT_ID = fake.clientId;
  process.env.PARTNER_CLIENT_SECRET = fake.clientSecret;
  process.env.SESSION_SECRET = 'explorer-test-session-secret-0123456789abcdef';
});
afterAll(() => fake.stop());

describe('toExplorerEvent', () => {
  it('keeps what a card and a map point draw, and nothing else', () => {
    const event = fakeEvent(7, {
      name: 'Jazz night',
      lowestPrice: 12,
      highestPrice: null,
      cancelledAt: '2026-11-20T10:00:00.000Z',
    });
    const slim = toExplorerEvent(event);
    expect(slim).toEqual({
      id: 7,
      name: 'Jazz night',
      start: event.startDate.replace(/:\d{2}\.\d{3} /, ' '),
      end: event.endDate.replace(/:\d{2}\.\d{3} /, ' '),
      minPrice: 12,
      place: event.mapPlace?.name ?? event.place.name,
      ...((event.mapPlace?.city ?? event.place.address.city) && {
        city: event.mapPlace?.city ?? event.place.address.city,
      }),
      position: [
        Math.round((event.mapPlace?.lng ?? event.place.address.lng) * 1e5) / 1e5,
        Math.round((event.mapPlace?.lat ?? event.place.address.lat) * 1e5) / 1e5,
      ],
      ...(event.categories[0] && { category: event.categories[0].mainCategory }),
      cancelled: true,
    });
    expect(ZExplorerEventsPageSchema.shape.data.element.safeParse(slim).success).toBe(true);
  });

  it('takes the address when there is no map place, and leaves out an unknown category', () => {
    const event = fakeEvent(8, { mapPlace: null, notAvailableAt: '2026-11-20T10:00:00.000Z' });
    event.categories = [{ ...event.categories[0]!, mainCategory: 'not-a-category' }];
    const slim = toExplorerEvent(event);
    expect(slim.place).toBe(event.place.name);
    expect(slim.position).toEqual([event.place.address.lng, event.place.address.lat]);
    expect(slim.category).toBeUndefined();
    expect(slim.unavailable).toBe(true);
    expect(slim.cancelled).toBeUndefined();
  });

  it('sends one price when the range is a single price, and none when it is unknown', () => {
    expect(toExplorerEvent(fakeEvent(9, { lowestPrice: 15, highestPrice: 15 }))).toMatchObject({ minPrice: 15 });
    expect(toExplorerEvent(fakeEvent(9, { lowestPrice: 15, highestPrice: 15 }))).not.toHaveProperty('maxPrice');
    expect(toExplorerEvent(fakeEvent(9, { lowestPrice: 10, highestPrice: 30 }))).toMatchObject({
      minPrice: 10,
      maxPrice: 30,
    });
    const unknown = toExplorerEvent(fakeEvent(9, { lowestPrice: null, highestPrice: null }));
    expect(unknown).not.toHaveProperty('minPrice');
    expect(unknown).not.toHaveProperty('maxPrice');
  });
});

describe('GET /api/explorer/events', () => {
  it('answers the events query with explorer events that match their schema', async () => {
    const res = await explorerEventsRoute(
      new Request('http://localhost/api/explorer/events?minLng=2.2&maxLng=2.5&minLat=48.8&maxLat=48.9&limit=50'),
    );
    expect(res.status).toBe(200);
    const body = ZExplorerEventsPageSchema.parse(await res.json());
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).not.toHaveProperty('description');
    expect(fake.requests.filter((r) => r.path === '/v2/get/events').at(-1)?.body).toMatchObject({
      locationFilter: { rectangle: { minLng: 2.2, maxLng: 2.5, minLat: 48.8, maxLat: 48.9 } },
    });
  });

  it('refuses a bad query with a problem answer', async () => {
    const res = await explorerEventsRoute(new Request('http://localhost/api/explorer/events?minLng=999'));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});
