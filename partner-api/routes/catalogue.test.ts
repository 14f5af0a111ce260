import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZGetCatalogueResponseSchema,
  ZLoginResponseSchema,
  ZProblemSchema,
  type TEvent,
  type TGetCatalogueResponse,
} from '@/lib/contract';
import { FIXTURE_NOW_MS } from '@/partner-api/testing/fixtures';
import { eventSpecArb, replaceEvents, serviceWith, toEventInput } from './testing/events-test-data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Service = Awaited<ReturnType<typeof serviceWith>>;

/** A partner's mirror that follows DESIGN §4's algorithm: always page 1, `lastUpdatedAt` = largest updatedAt seen. */
class Mirror {
  events = new Map<number, TEvent>();
  lastUpdatedAt: string | null = null;
  resyncs = 0;

  private token: string | null = null;
  private refreshToken: string | null = null;

  constructor(private readonly ctx: Service) {}

  /** A new access token: the cheap refresh grant while the refresh token lives, else the secret grant. */
  private async login(): Promise<string> {
    if (this.refreshToken) {
      const response = await this.ctx.service.app.inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'refreshToken', refreshToken: this.refreshToken },
      });
      if (response.statusCode === 201) {
        const body = ZLoginResponseSchema.parse(response.json());
        this.refreshToken = body.refreshToken;
        return body.accessToken;
      }
    }
    const body = await this.ctx.service.login();
    this.refreshToken = body.refreshToken;
    return body.accessToken;
  }

  /** POSTs to the catalogue like a real client: logs in again when its access token has expired. */
  async post(payload: object) {
    for (let attempt = 0; ; attempt++) {
      this.token ??= await this.login();
      const response = await this.ctx.service.app.inject({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload,
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (response.statusCode !== 401 || attempt > 0) return response;
      this.token = null;
    }
  }

  /** One request; true when the mirror is up to date with the response's state. */
  async step(limit: number): Promise<boolean> {
    const payload = { limit, ...(this.lastUpdatedAt === null ? {} : { lastUpdatedAt: this.lastUpdatedAt }) };
    const response = await this.post(payload);
    if (response.statusCode === 410) {
      expect(ZProblemSchema.parse(response.json()).status).toBe(410);
      this.events.clear();
      this.lastUpdatedAt = null;
      this.resyncs += 1;
      return false;
    }
    expect(response.statusCode, response.body).toBe(201);
    const body: TGetCatalogueResponse = ZGetCatalogueResponseSchema.parse(response.json());
    // Removals first: an id can only be both deleted and present again if it was re-used by a new event.
    for (const id of [...body.data.eventIdsDeleted, ...body.data.eventIdsPassed]) this.events.delete(id);
    for (const event of body.data.events) this.events.set(event.id, event);
    const last = body.data.events.at(-1);
    if (last) this.lastUpdatedAt = last.updatedAt;
    return body.pagination.totalPages <= 1;
  }
}

const writeArb = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), spec: eventSpecArb }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'update' as const,
        'reprice' as const,
        'cancel' as const,
        'unavailable' as const,
        'availabilities' as const,
        'delete' as const,
        'move-dates' as const,
      ),
      pick: fc.nat(),
      hours: fc.integer({ min: -24 * 10, max: 24 * 10 }),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      ms: fc.constantFrom(0, 1, 2, 1000, HOUR_MS, DAY_MS, 6 * DAY_MS, 31 * DAY_MS),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('sync' as const), limit: fc.integer({ min: 1, max: 6 }) }), weight: 4 },
);

/** Reads the mirror's current ids and the server's, with nothing written in between. */
function currentIds(ctx: Service): number[] {
  const db = ctx.store.ctx.db;
  const lastUpdated = Number(
    (db.prepare("SELECT value FROM meta WHERE key = 'last_updated_ms'").pluck().get() as string | undefined) ?? 0,
  );
  const now = Math.max(ctx.clock(), lastUpdated);
  return db.prepare('SELECT id FROM events WHERE end_ms > ? ORDER BY id').pluck().all(now) as number[];
}

describe('POST /v2/get/catalogue scenarios', () => {
  let ctx: Service;
  beforeAll(async () => {
    ctx = await serviceWith([]);
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('reports an event moved into the past by an update as passed', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 7 });
    replaceEvents(ctx.store, []);
    const id = ctx.store.createEvent(toEventInput({ ...spec!, startHour: 24, durationHours: 3 }));
    const mirror = new Mirror(ctx);
    expect(await mirror.step(10)).toBe(true);
    expect(mirror.events.has(id)).toBe(true);
    ctx.clock.advance(HOUR_MS);
    ctx.store.updateEvent(id, { startMs: ctx.clock() - 5 * HOUR_MS, endMs: ctx.clock() - 4 * HOUR_MS });
    expect(await mirror.step(10)).toBe(true);
    expect(mirror.events.has(id)).toBe(false);
    expect(currentIds(ctx)).not.toContain(id);
  });
});

describe('POST /v2/get/catalogue sync is lossless', () => {
  let ctx: Service;
  beforeAll(async () => {
    ctx = await serviceWith([]);
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('any interleaving of writes and syncs ends with a mirror identical to the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventSpecArb, { maxLength: 12 }),
        fc.array(writeArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (initial, actions, finalLimit) => {
          ctx.clock.set(FIXTURE_NOW_MS);
          replaceEvents(ctx.store, initial);
          ctx.store.ctx.db.prepare('DELETE FROM tombstones').run();
          const mirror = new Mirror(ctx);
          const liveIds = () => ctx.store.ctx.db.prepare('SELECT id FROM events ORDER BY id').pluck().all() as number[];
          for (const action of actions) {
            if (action.kind === 'sync') {
              await mirror.step(action.limit);
              continue;
            }
            if (action.kind === 'tick') {
              ctx.clock.advance(action.ms);
              continue;
            }
            if (action.kind === 'create') {
              ctx.store.createEvent(toEventInput(action.spec));
              continue;
            }
            const ids = liveIds();
            if (ids.length === 0) continue;
            const id = ids[action.pick % ids.length]!;
            const now = ctx.clock();
            switch (action.kind) {
              case 'update':
                ctx.store.updateEvent(id, { name: `Renamed ${action.pick}`, trendingScore: action.pick % 100 });
                break;
              case 'reprice':
                ctx.store.repriceEvent(
                  id,
                  action.pick % 3 === 0
                    ? { lowestPrice: null, highestPrice: null }
                    : {
                        lowestPrice: action.pick % 50,
                        highestPrice: (action.pick % 50) + 10,
                      },
                );
                break;
              case 'cancel':
                ctx.store.cancelEvent(id);
                break;
              case 'unavailable':
                ctx.store.markUnavailable(id);
                break;
              case 'availabilities':
                ctx.store.changeAvailabilities(id, {
                  availableDates: [
                    { startMs: now + action.hours * HOUR_MS, endMs: now + (action.hours + 2) * HOUR_MS },
                  ],
                });
                break;
              case 'delete':
                ctx.store.deleteEvent(id);
                break;
              case 'move-dates':
                ctx.store.updateEvent(id, {
                  startMs: now + action.hours * HOUR_MS,
                  endMs: now + (action.hours + 1) * HOUR_MS,
                });
                break;
            }
          }
          // Catch up: bounded, since nothing changes any more.
          let done = false;
          for (let i = 0; i < 200 && !done; i++) done = await mirror.step(finalLimit);
          expect(done).toBe(true);

          const db = ctx.store.ctx.db;
          const lastUpdated = Number(
            (db.prepare("SELECT value FROM meta WHERE key = 'last_updated_ms'").pluck().get() as string | undefined) ??
              0,
          );
          const now = Math.max(ctx.clock(), lastUpdated);
          const currentIds = db
            .prepare('SELECT id FROM events WHERE end_ms > ? ORDER BY id')
            .pluck()
            .all(now) as number[];
          expect([...mirror.events.keys()].sort((a, b) => a - b)).toEqual(currentIds);

          const snapshot = new Map<number, TEvent>();
          for (let pageNumber = 1; ; pageNumber++) {
            const response = await mirror.post({ limit: 500, pageNumber });
            const body = ZGetCatalogueResponseSchema.parse(response.json());
            for (const event of body.data.events) snapshot.set(event.id, event);
            if (body.pagination.nextPageParams === null) break;
          }
          expect(Object.fromEntries(mirror.events)).toEqual(Object.fromEntries(snapshot));
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);
});
