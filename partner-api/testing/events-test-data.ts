import fc from 'fast-check';
import { assembleEventJson, type EventInput } from '@/partner-api/store/types';
import type { Store } from '@/partner-api/store/port';
import { manualClock } from '@/partner-api/clock';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { FIXTURE_NOW_MS, makeEventInput, openTestStore } from '@/partner-api/testing/fixtures';
import { ZEventSchema, type TEvent } from '@/lib/contract';

const HOUR_MS = 3_600_000;

/** Partner names used by generated events; the third is also used as an unknown name in filters. */
export const TEST_PARTNERS = ['Billetterie Horizon', 'TicketSud', 'Festivalia'] as const;
export const TEST_CATEGORIES = ['musique', 'spectacle', 'sport', 'expo', 'spectacle/theatre', 'musique/jazz'];

/** Positions that make edge cases likely: shared spots, the antimeridian, the poles, France. */
const positionArb = fc.oneof(
  fc.constantFrom([2.35, 48.85], [2.35, 48.85], [4.83, 45.76], [179.99, 10], [-179.99, 10], [0, 89.9], [120, -89.95]),
  fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })),
  fc.tuple(fc.double({ min: 170, max: 180, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true })),
  fc.tuple(fc.double({ min: -180, max: -170, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true })),
  fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: 85, max: 90, noNaN: true })),
  fc.tuple(fc.double({ min: 2, max: 3, noNaN: true }), fc.double({ min: 48, max: 49, noNaN: true })),
);

/** One generated event: position, dates, prices, categories, sources (few distinct values, so keys tie often). */
export const eventSpecArb = fc.record({
  position: positionArb,
  /** Place address elsewhere than the map place, or no map place at all. */
  mapPlace: fc.constantFrom('same', 'none', 'elsewhere'),
  startHour: fc.integer({ min: -72, max: 24 * 12 }),
  durationHours: fc.constantFrom(1, 1, 3, 24, 24 * 20),
  prices: fc.option(fc.tuple(fc.constantFrom(0, 10, 15, 30), fc.constantFrom(0, 5, 20, 60)), { freq: 4 }),
  categories: fc.subarray(TEST_CATEGORIES, { maxLength: 3 }),
  partners: fc.subarray([...TEST_PARTNERS.slice(0, 2)], { minLength: 1 }),
  commentary: fc.boolean(),
  performer: fc.boolean(),
});
export type EventSpec = typeof eventSpecArb extends fc.Arbitrary<infer T> ? T : never;

/** The store input of a generated event. */
export function toEventInput(spec: EventSpec): EventInput {
  const [lng, lat] = spec.position as [number, number];
  const startMs = FIXTURE_NOW_MS + spec.startHour * HOUR_MS;
  const input = makeEventInput({
    lng,
    lat,
    startMs,
    endMs: startMs + spec.durationHours * HOUR_MS,
    prices: spec.prices ? [Math.min(...spec.prices), Math.max(...spec.prices)] : null,
    categories: spec.categories,
    partners: spec.partners,
    withMapPlace: spec.mapPlace !== 'none',
    commentaries: spec.commentary
      ? [{ grade: 4, content: 'Très bien', username: 'camille', dateMs: FIXTURE_NOW_MS - HOUR_MS }]
      : [],
    performers: spec.performer ? [{ name: 'Les Testeurs' }] : [],
  });
  if (spec.mapPlace === 'elsewhere') {
    // The place's own address is far away: only the map place's coordinates count.
    input.place = { ...input.place, lng: lng > 0 ? lng - 50 : lng + 50, lat: lat > 0 ? lat - 30 : lat + 30 };
  }
  return input;
}

/** Every current event id of the store (from its change feed, which any store serves). */
export async function allEventIds(store: Store): Promise<number[]> {
  const all = await store.feed.changesSince(null, Number.MAX_SAFE_INTEGER);
  return all.events.map((event) => event.id);
}

/** Replaces every event of the store with these; returns their full JSON records as stored. */
export async function replaceEvents(store: Store, specs: readonly EventSpec[]): Promise<TEvent[]> {
  for (const id of await allEventIds(store)) await store.catalogue.deleteEvent(id);
  const ids: number[] = [];
  for (const spec of specs) ids.push(await store.catalogue.createEvent(toEventInput(spec)));
  const events: TEvent[] = [];
  for (const id of ids) {
    const stored = await store.catalogue.getEvent(id);
    events.push(ZEventSchema.parse(JSON.parse(assembleEventJson(stored!, { commentaries: true, performers: true }))));
  }
  return events;
}

/** A service over a fresh store holding these events; `events` are their full JSON records as stored. */
export async function serviceWith(specs: readonly EventSpec[]): Promise<{
  service: TestApp;
  store: Store;
  events: TEvent[];
  clock: ReturnType<typeof manualClock>;
}> {
  const clock = manualClock(FIXTURE_NOW_MS);
  const store = await openTestStore({ clock });
  const events = await replaceEvents(store, specs);
  const service = await createTestApp({ store, clock });
  return { service, store, events, clock };
}
