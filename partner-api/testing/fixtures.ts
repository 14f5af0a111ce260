import { ZEventSchema, type TEvent } from '@/lib/contract';
import { manualClock, type Clock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import { clonePostgresDatabase } from '@/partner-api/testing/postgres-clone';
import type { Store } from '@/partner-api/store/port';
import { openDatabase } from '@/partner-api/store/sqlite/open';
import { createSqliteStore, type SqliteStore } from '@/partner-api/store/sqlite/sqlite-store';
import {
  assembleEventJson,
  type EventInput,
  type MapPlaceInput,
  type PlaceInput,
  type SourceInput,
} from '@/partner-api/store/types';

/** A fixed "now" for tests: Monday 15 June 2026, 10:00 UTC (summer time in Paris). */
export const FIXTURE_NOW_MS = Date.UTC(2026, 5, 15, 10, 0, 0);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Base URL the test store writes into image links. */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:4000';

export type TestStore<S extends Store = Store> = S & {
  /** The store's clock: a manual clock unless one was given. */
  clock: Clock;
};

/**
 * A fresh, migrated store for a test: on the database of the run (test-database.ts: PARTNER_API_TEST_DB, or the
 * `postgres` project's server), else a private in-memory SQLite database. The default clock is
 * `manualClock(FIXTURE_NOW_MS)`; pass your own to move time.
 */
export async function openTestStore(options: { clock?: Clock; publicUrl?: string } = {}): Promise<TestStore> {
  const clock = options.clock ?? manualClock(FIXTURE_NOW_MS);
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  // Loaded here, not at the top: benchmarks import this module's input builders outside Vitest's runner.
  const { testDatabase } = await import('./test-database');
  const configured = testDatabase();
  if (configured && /^postgres(ql)?:\/\//i.test(configured)) {
    // Every test gets a database of its own, cloned from the migrated template, and dropped when it closes.
    const clone = await clonePostgresDatabase(configured);
    const store = await openStore({ database: clone.url, clock, publicUrl });
    const closeStore = store.close.bind(store);
    return Object.assign(store, {
      clock,
      close: async () => {
        await closeStore();
        await clone.drop();
      },
    });
  }
  const store = await openStore({ database: configured ?? ':memory:', clock, publicUrl });
  return Object.assign(store, { clock });
}

/** For tests about SQLite itself (they live in partner-api/store/sqlite/): the SQLite store with its connection. */
export function openSqliteTestStore(options: { clock?: Clock; publicUrl?: string } = {}): TestStore<SqliteStore> {
  const clock = options.clock ?? manualClock(FIXTURE_NOW_MS);
  const store = createSqliteStore(openDatabase(':memory:'), {
    clock,
    publicUrl: options.publicUrl ?? TEST_PUBLIC_URL,
  });
  return Object.assign(store, { clock });
}

let counter = 0;

/** Shorthands accepted by makeEventInput on top of any EventInput member. */
export interface EventInputOverrides extends Partial<EventInput> {
  /** Position of the event: sets both its place and its map place coordinates. */
  lng?: number;
  lat?: number;
  /** City of a generated place (default Paris). */
  city?: string;
  /** Event prices, also given to the one generated source: `[lowest, highest]`, or null for unknown. */
  prices?: [number, number] | null;
  /** Partner names of generated sources (one source each); ignored when `sources` is given. */
  partners?: string[];
  /** `false` = no map place (position from the place address). */
  withMapPlace?: boolean;
}

/**
 * A valid EventInput in one line: a 3-hour event tomorrow evening (relative to FIXTURE_NOW_MS) in a new Paris venue,
 * category musique, one source at 15–30 €. Override anything; e.g.
 * `makeEventInput({ lng: 4.83, lat: 45.76, startMs, endMs, categories: ['spectacle/theatre'], prices: null })`.
 */
export function makeEventInput(overrides: EventInputOverrides = {}): EventInput {
  counter += 1;
  const n = counter;
  const {
    lng = 2.3522 + (n % 100) * 0.0001,
    lat = 48.8566,
    city = 'Paris',
    prices = [15, 30],
    partners = ['Billetterie Horizon'],
    withMapPlace = true,
    ...rest
  } = overrides;
  const startMs = rest.startMs ?? FIXTURE_NOW_MS + DAY_MS + 8 * HOUR_MS;
  const endMs = rest.endMs ?? startMs + 3 * HOUR_MS;
  const mapPlace: MapPlaceInput | null = withMapPlace
    ? {
        id: `test-map-place-${n}`,
        name: `Salle Test ${n}`,
        lng,
        lat,
        street: `${n} rue de la Paix`,
        city,
        postalCode: '75002',
        country: 'FR',
        periods: [{ open: { day: 1, time: '1000' }, close: { day: 1, time: '2300' } }],
      }
    : null;
  const place: PlaceInput = {
    name: `Salle Test ${n}`,
    lng,
    lat,
    street: `${n} rue de la Paix`,
    city,
    postalCode: '75002',
  };
  const sources: SourceInput[] = partners.map((partner, index) => ({
    partner,
    lowestPrice: prices ? prices[0] : null,
    highestPrice: prices ? prices[1] : null,
    link: `https://tickets.example.com/event-${n}-${index}`,
    commissionFix: 0.5,
    commissionRate: 0.05,
  }));
  return {
    name: `Concert de test ${n}`,
    description: `Un événement de test numéro ${n}.`,
    startMs,
    endMs,
    place,
    mapPlace,
    categories: ['musique'],
    sources,
    ...(prices === null ? { lowestPrice: null, highestPrice: null } : {}),
    ...rest,
  };
}

/** An event as the store holds it (commentaries and performers in), parsed, or null when it does not exist. */
export async function storedEvent(store: Store, id: number): Promise<TEvent | null> {
  const stored = await store.catalogue.getEvent(id);
  return stored && ZEventSchema.parse(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true })));
}

/** Ids found in the first `limit` events of a store: events, their service ids, performers and map places. */
export async function catalogueSample(
  store: Store,
  limit: number,
): Promise<{ eventIds: number[]; serviceIds: number[]; performerIds: number[]; mapPlaceIds: string[] }> {
  const all = await store.feed.changesSince(null, Number.MAX_SAFE_INTEGER);
  const eventIds = all.events
    .map((event) => event.id)
    .sort((a, b) => a - b)
    .slice(0, limit);
  const events = (await Promise.all(eventIds.map((id) => storedEvent(store, id)))).filter((e) => e !== null);
  const unique = <T>(values: T[]) => [...new Set(values)].slice(0, limit);
  return {
    eventIds,
    serviceIds: unique(events.map((event) => event.serviceId)),
    performerIds: unique(events.flatMap((event) => event.performers.map((performer) => performer.id))),
    mapPlaceIds: unique(events.flatMap((event) => (event.mapPlace ? [event.mapPlace.id] : []))),
  };
}
