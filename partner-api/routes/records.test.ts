import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZMapPlaceWithEventsSchema, ZPerformerSchema, ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { FIXTURE_NOW_MS, makeEventInput, storedEvent } from '../testing/fixtures';

const DAY_MS = 24 * 3_600_000;
const venue = { id: 'mp-records', name: 'Salle des Records', lng: 2.35, lat: 48.85, city: 'Paris' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function eventAt(inDays: number, extra: Parameters<typeof makeEventInput>[0] = {}): Promise<number> {
  const startMs = FIXTURE_NOW_MS + inDays * DAY_MS;
  return await t.store.catalogue.createEvent(
    makeEventInput({ mapPlace: venue, startMs, endMs: startMs + 2 * 3_600_000, ...extra }),
  );
}

describe('GET /v2/g-place/{mapPlaceId}', () => {
  it('returns the map place with upcoming events soonest first, then past ones most recent first', async () => {
    const past2 = await eventAt(-2);
    const future5 = await eventAt(5);
    const past9 = await eventAt(-9);
    const future1 = await eventAt(1, { performers: [{ name: 'Groupe Record' }] });
    const deleted = await eventAt(2);
    await t.store.catalogue.deleteEvent(deleted);
    const response = await t.request({ method: 'GET', url: `/v2/g-place/${venue.id}` });
    expect(response.statusCode).toBe(200);
    const place = ZMapPlaceWithEventsSchema.parse(response.json());
    expect(place.id).toBe(venue.id);
    expect(place.name).toBe(venue.name);
    expect(place.events.map((event) => event.id)).toEqual([future1, future5, past2, past9]);
    expect(place.events[0]?.performers.map((p) => p.name)).toEqual(['Groupe Record']);
    expect(response.body).not.toMatch(/\\u0001/);
    for (const event of place.events) {
      for (const source of event.sources)
        expect(source.link).toMatch(/^http:\/\/partner-api\.test\/r\/[\w-]+\.[\w-]+$/);
    }
    const other = ZMapPlaceWithEventsSchema.parse(
      (await t.request({ method: 'GET', url: `/v2/g-place/${venue.id}` }, 'demo-b')).json(),
    );
    expect(other.events[0]?.sources[0]?.link).not.toBe(place.events[0]?.sources[0]?.link);
  });

  it('embeds at most 100 events, upcoming first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 103; i++) ids.push(await eventAt(i === 0 ? -1 : i / 10));
    const place = ZMapPlaceWithEventsSchema.parse(
      (await t.request({ method: 'GET', url: `/v2/g-place/${venue.id}` })).json(),
    );
    expect(place.events).toHaveLength(100);
    expect(place.events.map((event) => event.id)).toEqual(ids.slice(1, 101));
  });

  it('answers an unknown place with 404', async () => {
    for (const id of ['nope', encodeURIComponent('mp-records/../x'), encodeURIComponent('é"\'')]) {
      const response = await t.request({ method: 'GET', url: `/v2/g-place/${id}` });
      expect(response.statusCode).toBe(404);
      ZProblemSchema.parse(response.json());
    }
  });
});

describe('GET /v2/performer/{performerId}', () => {
  it('returns the performer with their events', async () => {
    const first = await eventAt(3, { performers: [{ name: 'Lou Record' }] });
    const performerId = (await storedEvent(t.store, first))!.performers[0]!.id;
    const second = await eventAt(1, { performers: [{ id: performerId, name: 'Lou Record' }] });
    await eventAt(2); // without them
    const response = await t.request({ method: 'GET', url: `/v2/performer/${performerId}` });
    expect(response.statusCode).toBe(200);
    const performer = ZPerformerSchema.parse(response.json());
    expect(performer).toMatchObject({ id: performerId, name: 'Lou Record' });
    expect(performer.image).toMatch(/^http:\/\/partner-api\.test\/images\//);
    expect(performer.events.map((event) => event.id)).toEqual([second, first]);
  });

  it('answers an unknown performer with 404', async () => {
    const response = await t.request({ method: 'GET', url: '/v2/performer/999999' });
    expect(response.statusCode).toBe(404);
    ZProblemSchema.parse(response.json());
  });
});
