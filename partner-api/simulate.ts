import { parseArgs } from 'node:util';
import { MAIN_CATEGORIES } from '@/lib/contract';
import { serviceClock, type Clock } from './clock';
import type { ServiceConfig } from './env';
import { openStore } from './store/open-store';
import type { Store } from './store/port';
import type { TSourceRecord } from '@/lib/contract/ingest';
import { importItems, withdrawSources } from './ingest/import';
import type { ResolvedSource } from './ingest/resolve';

/** The kinds of change the simulator applies, with their weights (a plausible day of a ticketing catalogue). */
export const CHANGE_WEIGHTS = {
  update: 22,
  reprice: 22,
  availabilities: 20,
  create: 14,
  unavailable: 8,
  cancel: 6,
  delete: 8,
} as const;
export type ChangeKind = keyof typeof CHANGE_WEIGHTS;

export interface SimulateOptions {
  store: Store;
  clock: Clock;
  /** How many changes to apply. */
  changes: number;
  /** Changes per second; undefined = as fast as possible. */
  rate?: number;
  /** RNG seed, so a run can be repeated. */
  seed?: number;
  /** Called after each change (progress output). */
  onChange?: (change: { kind: ChangeKind; eventId: number; index: number }) => void;
  /** Stops early when aborted (Ctrl-C). */
  signal?: AbortSignal;
}

/** A small deterministic RNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const round2 = (n: number) => Math.round(n * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Applies a realistic stream of catalogue changes the way a real catalogue changes: through the ingestion path
 * (docs/ingestion.md), as ticketing partners' records — a record renamed, repriced or moved to another date, a new
 * record, every partner selling out or cancelling an event, every partner withdrawing it (the event is deleted) — so
 * the catalogue sync can be exercised against a live server. Only events ingestion knows (the demo seed's and
 * imported ones) change. Returns how many changes of each kind were applied.
 */
export async function simulate(options: SimulateOptions): Promise<Record<ChangeKind, number>> {
  const { store, clock } = options;
  const { samples } = store;
  const random = rng(options.seed ?? Math.trunc(clock()));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const counts = Object.fromEntries(Object.keys(CHANGE_WEIGHTS).map((k) => [k, 0])) as Record<ChangeKind, number>;
  const totalWeight = Object.values(CHANGE_WEIGHTS).reduce((a, b) => a + b, 0);
  const partners = await samples.partnerNames();

  /** A current (not passed, not deleted) event, or null when there is none. */
  const anyEvent = (): Promise<number | null> => samples.currentEventAt(random(), clock());

  /** Sends one partner's record through the ingestion path, as a one-line NDJSON feed would. */
  const send = async (partner: string, record: TSourceRecord): Promise<void> => {
    const summary = await importItems(store, [{ position: 1, unit: 'line', value: record }], {
      partner,
      format: 'ndjson',
      nowMs: clock(),
    });
    const [rejected] = summary.rejected;
    if (rejected) throw new Error(`simulate: ${partner}'s record ${record.id} was rejected: ${rejected.reason}`);
  };

  const create = async (): Promise<number | null> => {
    const place = await samples.placeAt(random());
    if (!place) return null;
    const startMs = Math.trunc(clock() / HOUR_MS) * HOUR_MS + Math.floor(random() * 60) * DAY_MS + 18 * HOUR_MS;
    const known = random() > 0.15;
    const lowest = known ? round2(random() < 0.1 ? 0 : 5 + random() * 40) : null;
    const highest = lowest === null ? null : round2(lowest + random() * 40);
    const category = pick(MAIN_CATEGORIES);
    const partner = pick(partners.length > 0 ? partners : ['Billetterie Horizon']);
    const ref = `sim-${Math.floor(random() * 1e9)}`;
    await send(partner, {
      id: ref,
      name: `Nouvel événement ${category} à ${place.city}`,
      description: `Ajouté par la simulation le ${iso(clock()).slice(0, 10)}.`,
      dates: [{ start: iso(startMs), end: iso(startMs + (1 + Math.floor(random() * 4)) * HOUR_MS) }],
      ...(place.timeZone === undefined ? {} : { timeZone: place.timeZone }),
      venue: {
        name: place.name,
        street: place.street,
        postalCode: place.postalCode,
        city: place.city,
        ...(place.country === undefined ? {} : { country: place.country }),
        lat: place.lat,
        lng: place.lng,
        ...(place.mapId === null ? {} : { mapPlaceId: place.mapId }),
      },
      lowestPrice: lowest,
      highestPrice: highest,
      link: `https://tickets.example.com/sim/${ref}`,
      commission: { fix: 0.5, rate: 0.04 },
      categories: [category],
    });
    const [row] = await store.ingest.sourcesByRefs(partner, [ref]);
    return row?.eventId ?? null;
  };

  for (let index = 0; index < options.changes; index++) {
    if (options.signal?.aborted) break;
    let roll = random() * totalWeight;
    let kind: ChangeKind = 'update';
    for (const [k, w] of Object.entries(CHANGE_WEIGHTS) as [ChangeKind, number][]) {
      if ((roll -= w) < 0) {
        kind = k;
        break;
      }
    }
    let eventId: number | null = null;
    if (kind === 'create') {
      eventId = await create();
    } else {
      eventId = await anyEvent();
      if (eventId !== null && !(await applyChange(kind, eventId))) eventId = null;
    }
    if (eventId === null) continue;
    counts[kind] += 1;
    options.onChange?.({ kind, eventId, index });
    if (options.rate !== undefined && options.rate > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1000 / options.rate!));
    }
  }
  return counts;

  /** One change to an event's records; false when ingestion does not know the event (no record to change). */
  async function applyChange(kind: Exclude<ChangeKind, 'create'>, id: number): Promise<boolean> {
    const sources = (await store.ingest.sourcesByEvents([id])).map((row) => JSON.parse(row.data) as ResolvedSource);
    const primary = sources[0];
    if (!primary) return false;
    switch (kind) {
      case 'update':
        // The record that names the event is renamed.
        await send(primary.partner, {
          ...primary.record,
          name: `Événement ${id} (mis à jour)`,
          description: `Mis à jour par la simulation le ${iso(clock()).slice(0, 10)}.`,
        });
        return true;
      case 'reprice': {
        const source = pick(sources);
        const unknown = random() < 0.1;
        const lowest = unknown ? null : round2(random() < 0.1 ? 0 : 5 + random() * 60);
        const goodDeal = random() < 0.2;
        await send(source.partner, {
          ...source.record,
          lowestPrice: lowest,
          highestPrice: lowest === null ? null : round2(lowest + random() * 50),
          isGoodDeal: lowest !== null && goodDeal,
        });
        return true;
      }
      case 'availabilities': {
        const source = pick(sources);
        const start = Math.trunc(clock() / HOUR_MS) * HOUR_MS + Math.floor(random() * 30) * DAY_MS;
        await send(source.partner, { ...source.record, dates: [{ start: iso(start), end: iso(start + 3 * HOUR_MS) }] });
        return true;
      }
      case 'unavailable':
      case 'cancel':
        // Every partner says so: the event is sold out (not available) or cancelled (docs/ingestion.md "Lifecycle").
        for (const source of sources) {
          await send(source.partner, { ...source.record, status: kind === 'cancel' ? 'cancelled' : 'soldOut' });
        }
        return true;
      case 'delete':
        // Every partner withdraws its record: the event is deleted with the last one.
        for (const source of sources) await withdrawSources(store, source.partner, [{ ref: source.ref, eventId: id }]);
        return true;
    }
  }
}

/**
 * `npm run partner-api -- simulate --changes N [--rate R] [--seed S]`: applies N changes to the database of the
 * environment (PARTNER_API_DB) — safe while `serve` runs on it: every service process picks the changes up from the change feed.
 */
export async function simulateCommand(args: string[], config: ServiceConfig): Promise<number> {
  let values: { changes?: string; rate?: string; seed?: string };
  try {
    values = parseArgs({
      args,
      options: { changes: { type: 'string' }, rate: { type: 'string' }, seed: { type: 'string' } },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  const changes = Number(values.changes);
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (!Number.isInteger(changes) || changes < 1 || (rate !== undefined && !(rate > 0)) || Number.isNaN(seed)) {
    console.error(
      'Usage: npm run partner-api -- simulate --changes N [--rate R] [--seed S]  (N ≥ 1, R > 0 per second)',
    );
    return 2;
  }
  // The same clock as the service's: a pinned stack's simulated changes are dated from the pinned start.
  const clock = serviceClock(config);
  const store = await openStore({ database: config.database, clock, publicUrl: config.publicUrl });
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const started = Date.now();
    const counts = await simulate({
      store,
      clock,
      changes,
      ...(rate === undefined ? {} : { rate }),
      ...(seed === undefined ? {} : { seed }),
      signal: abort.signal,
      onChange: ({ kind, eventId, index }) => {
        if (rate !== undefined || (index + 1) % 1000 === 0) console.log(`#${index + 1} ${kind} event ${eventId}`);
      },
    });
    const applied = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Applied ${applied} changes in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        Object.entries(counts)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', '),
    );
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await store.close();
  }
}
