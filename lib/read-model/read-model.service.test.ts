import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_FILTER_VALUES,
  MAIN_CATEGORIES,
  ZExplorerViewSchema,
  ZGetCatalogueResponseSchema,
  ZGetEventsResponseSchema,
  type TGetEventsRequest,
} from '@/lib/contract';
import { openMirrorDb, type MirrorDb } from '@/lib/mirror/mirror-db';
import { syncCatalogue, type FetchCataloguePage } from '@/lib/mirror/sync-catalogue';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { eventSpecArb, serviceWith, TEST_PARTNERS, type EventSpec } from '@/partner-api/testing/events-test-data';
import { filtersEventsRequest } from '@/lib/shared/filters-request';
import { areaArb, centerArb, filtersArb } from '@/lib/shared/testing/filters-arbitrary';
import { overlappingCircles } from '@/test/map/overlaps';
import { ReadModel } from './read-model';

/*
 * The read model against the service: the same catalogue, copied by the spec's POST /v2/get/catalogue
 * into the web app's mirror, must give the same answers as POST /v2/get/events for random filters — totals, the
 * page's events in order — and its clusters and chip counts must add up to the service's counts. Runs on SQLite and
 * PostgreSQL (vitest.config.ts puts this file in the contract suite).
 */

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const lngArb = fc.double({ min: -180, max: 180, noNaN: true });
const latArb = fc.double({ min: -90, max: 90, noNaN: true });

const locationArb = fc.oneof(
  fc.constant(undefined),
  fc.record({
    rectangle: fc
      .tuple(lngArb, lngArb, latArb, latArb)
      .map(([a, b, c, d]) => ({ minLng: a, maxLng: b, minLat: Math.min(c, d), maxLat: Math.max(c, d) })),
  }),
  fc.constant({ rectangle: { minLng: 2, maxLng: 3, minLat: 48, maxLat: 49 } }),
  fc.constant({ rectangle: { minLng: 170, maxLng: -170, minLat: -30, maxLat: 30 } }),
  fc.record({
    circle: fc.record({
      lng: fc.oneof(lngArb, fc.constantFrom(2.35, 179.9)),
      lat: fc.oneof(latArb, fc.constantFrom(48.85, 89.5)),
      maxDistance: fc.constantFrom(1000, 50_000, 500_000, 3_000_000, 15_000_000),
    }),
  }),
);

const datesArb = fc.oneof(
  fc.constant(undefined),
  fc.record({ isLive: fc.boolean() }),
  fc.tuple(fc.integer({ min: 0, max: 24 * 14 }), fc.integer({ min: 0, max: 24 * 20 })).map(([from, span]) => ({
    minDate: iso(FIXTURE_NOW_MS + from * HOUR_MS),
    maxDate: iso(FIXTURE_NOW_MS + (from + span) * HOUR_MS),
  })),
  fc.integer({ min: 0, max: 24 * 14 }).map((from) => ({ minDate: iso(FIXTURE_NOW_MS + from * HOUR_MS) })),
);

const requestArb: fc.Arbitrary<TGetEventsRequest> = fc
  .record(
    {
      categories: fc.subarray([...CATEGORY_FILTER_VALUES], { minLength: 1, maxLength: 3 }),
      sources: fc.subarray([...TEST_PARTNERS, 'Inconnu'], { minLength: 1 }),
      locationFilter: locationArb,
      datesFilter: datesArb,
      pricesFilter: fc.record(
        {
          lowestPrice: fc.constantFrom(0, 5, 10, 20, 30, 100),
          highestPrice: fc.constantFrom(0, 5, 10, 20, 30, 100),
          hasKnownPrice: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      orderBy: fc.constantFrom('startDate', 'endDate', 'updatedAt', 'lowestPrice', 'highestPrice', 'distance'),
      orderByDistance: fc.record({
        lng: fc.oneof(lngArb, fc.constant(2.35)),
        lat: fc.oneof(latArb, fc.constant(48.85)),
      }),
      limit: fc.integer({ min: 1, max: 40 }),
      pageNumber: fc.integer({ min: 1, max: 3 }),
    },
    { requiredKeys: [] },
  )
  .map((body) => {
    const request = { ...body } as TGetEventsRequest;
    for (const key of Object.keys(request) as (keyof TGetEventsRequest)[]) {
      if (request[key] === undefined) delete request[key];
    }
    if (request.orderBy === 'distance' && !request.orderByDistance) request.orderByDistance = { lng: 2.35, lat: 48.85 };
    if (request.orderBy !== 'distance') delete request.orderByDistance;
    return request;
  });

describe('the read model answers as POST /v2/get/events on the same catalogue', () => {
  let ctx: Awaited<ReturnType<typeof serviceWith>>;
  let db: MirrorDb;
  let model: ReadModel;

  async function service(body: TGetEventsRequest) {
    const response = await ctx.service.request({ method: 'POST', url: '/v2/get/events', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return ZGetEventsResponseSchema.parse(response.json());
  }

  beforeAll(async () => {
    // Current events only: the catalogue (hence the copy) holds no passed event, while a window reaching back would
    // still find them in the service.
    const specs = fc
      .sample(eventSpecArb, { numRuns: 160, seed: 29 })
      .filter((spec: EventSpec) => spec.startHour + spec.durationHours > 2);
    ctx = await serviceWith(specs);
    db = openMirrorDb(':memory:');
    model = new ReadModel(db);
    const fetchPage: FetchCataloguePage = async (body) => {
      const response = await ctx.service.request({ method: 'POST', url: '/v2/get/catalogue', payload: body });
      return ZGetCatalogueResponseSchema.parse(response.json());
    };
    const sync = () =>
      syncCatalogue(db, fetchPage, { now: () => ctx.clock(), limit: 37, onChange: (c) => model.apply(c) });
    expect((await sync()).kind).toBe('snapshot');
    expect(model.warm()).toBe(true);
    // Then changes that reach the index through the incremental feed: an update, a move, a deletion, new events.
    const ids = ctx.events.map((event) => event.id);
    ctx.clock.advance(1000);
    await ctx.store.catalogue.updateEvent(ids[0]!, { name: 'Renamed' });
    await ctx.store.catalogue.deleteEvent(ids[1]!);
    for (let i = 0; i < 5; i++) {
      await ctx.store.catalogue.createEvent(
        makeEventInput({ categories: ['sport'], prices: null, partners: ['TicketSud'], lng: 4.83, lat: 45.76 }),
      );
    }
    const report = await sync();
    expect(report.kind).toBe('incremental');
    expect(report.events).toBeGreaterThanOrEqual(6);
  });

  afterAll(async () => {
    db.close();
    await ctx.service.close();
  });

  it('gives the same totals and pages, and clusters that add up to the service counts, none covering another, and chip counts', async () => {
    await fc.assert(
      fc.asyncProperty(
        requestArb,
        fc.constantFrom(...MAIN_CATEGORIES, 'none' as const),
        fc.integer({ min: 0, max: 18 }),
        async (request, chip, zoom) => {
          const expected = await service(request);
          const view = model.view({ body: request, zoom, now: ctx.clock() });
          expect(view).not.toBeNull();
          const shown = ZExplorerViewSchema.parse({ ...view!, source: 'mirror', asOf: null, degraded: false });
          expect(shown.pagination, JSON.stringify(request)).toEqual(expected.pagination);
          expect(
            shown.data.map((event) => event.id),
            JSON.stringify(request),
          ).toEqual(expected.data.map((event) => event.id));
          // Every match has a position: the groups hold them all, once.
          expect(shown.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(expected.pagination.totalItems);
          for (const cluster of shown.clusters) if (cluster.count === 1) expect(cluster.eventId).toBeDefined();
          // No circle covers another on the map at that zoom.
          expect(overlappingCircles(shown.clusters, zoom)).toEqual([]);
          // A chip counts what choosing it alone would list.
          const { categories: _ignored, ...rest } = request;
          const chipTotal = (await service({ ...rest, categories: [chip], limit: 1, pageNumber: 1 })).pagination
            .totalItems;
          expect(shown.categoryCounts[chip] ?? 0, `${chip} ${JSON.stringify(request)}`).toBe(chipTotal);
        },
      ),
      { numRuns: 80, seed: 2929 },
    );
  });

  it('answers as the service the requests the product builds from its filters (lib/shared/filters-request.ts)', async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArb(FIXTURE_NOW_MS),
        areaArb,
        centerArb,
        fc.constantFrom('Europe/Paris', 'UTC'),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        async (filters, area, center, timeZone, limit, pageNumber) => {
          const now = ctx.clock();
          const request = filtersEventsRequest(filters, {
            area,
            now,
            timeZone,
            order: { center },
            page: { limit, pageNumber },
          });
          const expected = await service(request);
          const view = model.view({ body: request, zoom: 8, now });
          expect(view).not.toBeNull();
          expect(view!.pagination, JSON.stringify(request)).toEqual(expected.pagination);
          expect(
            view!.data.map((event) => event.id),
            JSON.stringify(request),
          ).toEqual(expected.data.map((event) => event.id));
        },
      ),
      { numRuns: 60, seed: 2930 },
    );
  });
});
