import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as explorerEventsRoute } from '@/app/api/explorer/events/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { ZExplorerViewSchema, ZGetEventsResponseSchema, ZProblemSchema, type TExplorerView } from '@/lib/contract';
import { getCatalogueMirror } from '@/lib/mirror/catalogue-mirror';
import { overlappingCircles } from '@/test/map/overlaps';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { getEventForPage, getPlaceForPage } from './pages';

/*
 * GET /api/explorer/events?zoom against the real service over HTTP: live while the web app's copy
 * of the catalogue is cold, then from the copy with the service's totals, and from the copy (degraded) once the
 * service is down — where event pages fall back to the copy and search says it cannot search.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The web app's clock (CLOCK_START) runs two hours ahead of the service's manual one until a test moves the latter. */
const WEB_CLOCK_AHEAD_MS = 2 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = `from=${iso(FIXTURE_NOW_MS)}&to=${iso(FIXTURE_NOW_MS + 20 * DAY_MS)}`;
const FRANCE = 'minLng=-5&maxLng=10&minLat=41&maxLat=52';

let service: TestApp;
let dir: string;
let paris: number[];
let lyonPlace: string;

async function view(query: string): Promise<TExplorerView> {
  const response = await explorerEventsRoute(new Request(`http://localhost/api/explorer/events?${query}`));
  expect(response.status, await response.clone().text()).toBe(200);
  return ZExplorerViewSchema.parse(await response.json());
}

async function serviceTotal(categories?: string[]): Promise<number> {
  const response = await service.request({
    method: 'POST',
    url: '/v2/get/events',
    payload: {
      locationFilter: { rectangle: { minLng: -5, maxLng: 10, minLat: 41, maxLat: 52 } },
      datesFilter: { minDate: iso(FIXTURE_NOW_MS), maxDate: iso(FIXTURE_NOW_MS + 20 * DAY_MS) },
      ...(categories && { categories }),
      limit: 1,
    },
  });
  return ZGetEventsResponseSchema.parse(response.json()).pagination.totalItems;
}

beforeAll(async () => {
  service = await createTestApp();
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  paris = [];
  for (let i = 0; i < 24; i++) {
    paris.push(
      await service.store.catalogue.createEvent(
        makeEventInput({
          lng: 2.3 + i * 0.002,
          lat: 48.85 + (i % 4) * 0.01,
          startMs: FIXTURE_NOW_MS + (1 + (i % 10)) * DAY_MS,
          categories: i % 3 === 0 ? ['sport'] : i % 3 === 1 ? ['musique'] : [],
        }),
      ),
    );
  }
  for (let i = 0; i < 5; i++) {
    await service.store.catalogue.createEvent(
      makeEventInput({ lng: 4.83, lat: 45.76, city: 'Lyon', startMs: FIXTURE_NOW_MS + 2 * DAY_MS }),
    );
  }
  const lyon = ZGetEventsResponseSchema.parse(
    (
      await service.request({
        method: 'POST',
        url: '/v2/get/events',
        payload: { locationFilter: { circle: { lng: 4.83, lat: 45.76, maxDistance: 1000 } }, limit: 1 },
      })
    ).json(),
  );
  lyonPlace = lyon.data[0]!.mapPlace!.id;
  dir = mkdtempSync(join(tmpdir(), 'explorer-view-'));
  // lib/env.ts reads process.env once, at first use: configure before any route runs.
  process.env.PARTNER_API_URL = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  process.env.PARTNER_CLIENT_ID = 'demo';
  process.env.PARTNER_CLIENT_SECRET = 'demo-secret';
  process.env.SESSION_SECRET = 'explorer-view-test-session-secret-0123456789';
  process.env.CATALOGUE_MIRROR_FILE = join(dir, 'mirror.sqlite');
  process.env.CLOCK_START = iso(FIXTURE_NOW_MS + WEB_CLOCK_AHEAD_MS);
});

afterAll(async () => {
  getCatalogueMirror()?.db.close();
  rmSync(dir, { recursive: true, force: true });
  await service.close();
});

describe('GET /api/explorer/events with zoom', () => {
  it('refuses a malformed zoom with a pointer', async () => {
    const response = await explorerEventsRoute(new Request(`http://localhost/api/explorer/events?${FRANCE}&zoom=far`));
    expect(response.status).toBe(400);
    const problem = ZProblemSchema.parse(await response.json());
    expect(problem.errors?.map((error) => error.pointer)).toEqual(['#/zoom']);
  });

  it('answers live while the copy is cold: clusters over the page, the total from the service', async () => {
    const live = await view(`${FRANCE}&${WINDOW}&zoom=5&limit=10`);
    expect(live.source).toBe('live');
    expect(live.asOf).toBeNull();
    expect(live.pagination.totalItems).toBe(await serviceTotal());
    expect(live.data).toHaveLength(10);
    expect(live.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(10);
  });

  it('answers from the copy once synced: exact clusters and chip counts over every match', async () => {
    await getCatalogueMirror()!.sync();
    const country = await view(`${FRANCE}&${WINDOW}&zoom=5&limit=10`);
    expect(country.source).toBe('mirror');
    expect(country.degraded).toBe(false);
    expect(country.asOf).not.toBeNull();
    const total = await serviceTotal();
    expect(country.pagination.totalItems).toBe(total);
    expect(country.data).toHaveLength(10);
    expect(country.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(total);
    // At a country's zoom, Paris and Lyon are one group each, named after their town.
    expect(country.clusters.map((cluster) => [cluster.label, cluster.count])).toEqual([
      ['Paris', 24],
      ['Lyon', 5],
    ]);
    expect(country.categoryCounts.sport).toBe(await serviceTotal(['sport']));
    expect(country.categoryCounts.none).toBe(await serviceTotal(['none']));
    // A category filter narrows the list and the groups, not the chips.
    const music = await view(`${FRANCE}&${WINDOW}&zoom=5&limit=10&categories=musique`);
    expect(music.pagination.totalItems).toBe(await serviceTotal(['musique']));
    expect(music.categoryCounts).toEqual(country.categoryCounts);
    // Zoomed in on a street, single events are their own groups.
    const street = await view(`minLng=2.29&maxLng=2.36&minLat=48.84&maxLat=48.89&${WINDOW}&zoom=17&limit=50`);
    expect(street.clusters.length).toBe(24);
    expect(street.clusters.every((cluster) => cluster.count === 1 && cluster.eventId !== undefined)).toBe(true);
    expect(overlappingCircles(street.clusters, 17)).toEqual([]);
    // In between, the grid's groups of neighbouring cells sit pixels apart: they are drawn as one circle.
    for (const zoom of [9, 10, 11]) {
      const near = await view(`minLng=2.29&maxLng=2.36&minLat=48.84&maxLat=48.89&${WINDOW}&zoom=${zoom}&limit=50`);
      expect(near.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(24);
      expect(overlappingCircles(near.clusters, zoom), `zoom ${zoom}`).toEqual([]);
    }
  });

  it('lists what is not over yet, from the copy as live: an event that ended after the window began is in neither', async () => {
    // Running at the service's present, over in 30 minutes: the copy holds it.
    const ending = await service.store.catalogue.createEvent(
      makeEventInput({ lng: 2.35, lat: 48.86, startMs: FIXTURE_NOW_MS - HOUR_MS, endMs: FIXTURE_NOW_MS + HOUR_MS / 2 }),
    );
    await getCatalogueMirror()!.sync();
    // The service's clock catches up with the web app's: the event is over, the feed says it passed, the copy drops
    // it. The window still starts before its end (a browser's five-minute bucket, a shared link's past days).
    service.clock.advance(WEB_CLOCK_AHEAD_MS);
    expect((await getCatalogueMirror()!.sync()).removed).toBe(1);
    const fromCopy = await view(`${FRANCE}&${WINDOW}&zoom=5&limit=500`);
    expect(fromCopy.source).toBe('mirror');
    const response = await explorerEventsRoute(
      new Request(`http://localhost/api/explorer/events?${FRANCE}&${WINDOW}&limit=500`),
    );
    expect(response.status).toBe(200);
    const live = (await response.json()) as { data: { id: number }[]; pagination: { totalItems: number } };
    expect(fromCopy.data.map((event) => event.id)).not.toContain(ending);
    expect(live.data.map((event) => event.id)).not.toContain(ending);
    expect(fromCopy.pagination.totalItems).toBe(live.pagination.totalItems);
    expect(fromCopy.data.map((event) => event.id)).toEqual(live.data.map((event) => event.id));
  });

  it('keeps answering from the copy, marked degraded, when the Partner API is down; pages fall back, search says so', async () => {
    await service.app.close();
    await expect(getCatalogueMirror()!.sync()).rejects.toThrow();
    const country = await view(`${FRANCE}&${WINDOW}&zoom=5&limit=10`);
    expect(country.source).toBe('mirror');
    expect(country.degraded).toBe(true);
    expect(country.pagination.totalItems).toBe(29);

    const page = await getEventForPage(String(paris[0]));
    expect(page).toMatchObject({ status: 'ok', data: { id: paris[0] }, fromCopy: { asOf: country.asOf } });
    const place = await getPlaceForPage(lyonPlace);
    expect(place.status).toBe('ok');
    expect(place.status === 'ok' && place.data.events).toHaveLength(1);
    // An event the copy does not hold is still an unavailable page, not a missing one.
    expect(await getEventForPage('999999')).toMatchObject({ status: 'unavailable' });

    const search = await searchRoute(new Request('http://localhost/api/search?q=concert'));
    expect(search.status).toBe(503);
    expect(ZProblemSchema.parse(await search.json()).detail).toMatch(/cannot be searched/);
  });
});
