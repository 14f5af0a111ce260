import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TSourceRecord } from '@/lib/contract/ingest';
import { importItems } from '@/partner-api/ingest/import';
import { sameEvent, venueKey } from '@/partner-api/ingest/match';
import { matchViewOf, type ResolvedSource } from '@/partner-api/ingest/resolve';
import { FIXTURE_NOW_MS } from '@/partner-api/testing/fixtures';
import { serviceWith } from '@/partner-api/testing/events-test-data';
import { DEFAULT_SEED_EVENTS, seedCatalogue } from './seed-catalogue';

/*
 * The demo seed goes through ingestion's records: every seeded source is its partner's source record, kept under its
 * event, so a partner re-sending it changes nothing and a changed one updates the seeded event (never a second one).
 */

const EVENTS = 120;
let ctx: Awaited<ReturnType<typeof serviceWith>>;

beforeAll(async () => {
  ctx = await serviceWith([]);
  await seedCatalogue(ctx.store.seeding, {
    events: EVENTS,
    seed: 'seed-sources',
    now: FIXTURE_NOW_MS,
    reset: true,
    ingestion: true,
  });
});
afterAll(async () => {
  await ctx.service.close();
});

interface EventJson {
  name: string;
  place: { id: number; name: string; address: { city: string } };
  mapPlace: { id: string } | null;
  lowestPrice: number | null;
  sources: Array<{ partner: { name: string }; lowestPrice: number | null }>;
}

async function eventJson(id: number): Promise<EventJson> {
  const [json] = await ctx.store.catalogue.eventJsonByIds([id], { commentaries: false, performers: false });
  return JSON.parse((json as Buffer).toString('utf8')) as EventJson;
}

const ids = Array.from({ length: EVENTS }, (_, i) => i + 1);
const feed = (records: TSourceRecord[]) =>
  records.map((value, i) => ({ position: i + 1, unit: 'line' as const, value }));

test('every seeded source is its partner’s record under the event, the event’s partners in order', async () => {
  const rows = await ctx.store.ingest.sourcesByEvents(ids);
  for (const id of ids) {
    const event = await eventJson(id);
    const records = rows.filter((row) => row.eventId === id).map((row) => JSON.parse(row.data) as ResolvedSource);
    expect(records.map((r) => r.partner)).toEqual(event.sources.map((s) => s.partner.name));
    expect(records.every((r) => r.record.name === event.name)).toBe(true);
  }
});

test('re-sending the seeded records changes nothing; a changed one updates its seeded event', async () => {
  const rows = await ctx.store.ingest.sourcesByEvents(ids);
  const byPartner = new Map<string, TSourceRecord[]>();
  for (const row of rows) {
    const { partner, record } = JSON.parse(row.data) as ResolvedSource;
    byPartner.set(partner, [...(byPartner.get(partner) ?? []), record]);
  }
  const stamp = await ctx.store.feed.lastUpdatedMs();
  for (const [partner, records] of byPartner) {
    const summary = await importItems(ctx.store, feed(records), { partner, format: 'ndjson', nowMs: ctx.clock() });
    expect(summary).toMatchObject({ unchanged: records.length, created: 0, merged: 0, updated: 0, rejected: [] });
  }
  expect(await ctx.store.feed.lastUpdatedMs()).toBe(stamp);

  // A multi-source event: its second partner lowers its price; the event derives its lowest price from it.
  const multi = rows.find((row, i) => i > 0 && rows[i - 1]?.eventId === row.eventId) as (typeof rows)[number];
  const { partner, record } = JSON.parse(multi.data) as ResolvedSource;
  const before = await eventJson(multi.eventId);
  const summary = await importItems(ctx.store, feed([{ ...record, lowestPrice: 0.5, highestPrice: 99 }]), {
    partner,
    format: 'ndjson',
    nowMs: ctx.clock(),
  });
  expect(summary).toMatchObject({ updated: 1, created: 0, merged: 0 });
  const event = await eventJson(multi.eventId);
  expect(event.lowestPrice).toBe(0.5);
  expect(event.sources.find((s) => s.partner.name === partner)?.lowestPrice).toBe(0.5);
  expect(event.sources.length).toBeGreaterThan(1);
  // Rewritten from its records, it stays at its seeded place and map place (offline: no enrichment step).
  expect([event.place, event.mapPlace]).toEqual([before.place, before.mapPlace]);
  expect(await ctx.store.feed.lastUpdatedMs()).toBeGreaterThan(stamp);
  expect((await ctx.store.feed.changesSince(null, 10_000)).events.length).toBe(EVENTS);
});

test('a seeded event rewritten from its records stays at its own place when another seeded venue shares its name', async () => {
  // 2 000 events: enough places for two venues of one town to share a name (the venue key ingestion finds them by).
  const big = await serviceWith([]);
  try {
    const total = 2_000;
    const all = Array.from({ length: total }, (_, i) => i + 1);
    await seedCatalogue(big.store.seeding, {
      events: total,
      seed: 'seed-sources',
      now: FIXTURE_NOW_MS,
      reset: true,
      ingestion: true,
    });
    const json = (await big.store.catalogue.eventJsonByIds(all, { commentaries: false, performers: false })).map(
      (buffer) => JSON.parse(buffer.toString('utf8')) as EventJson & { id: number },
    );
    const placesByKey = new Map<string, Set<number>>();
    const keyOf = new Map<number, string>();
    for (const e of json) {
      const key = venueKey(e.place.name, e.place.address.city);
      keyOf.set(e.id, key);
      placesByKey.set(key, (placesByKey.get(key) ?? new Set()).add(e.place.id));
    }
    const homonyms = json.filter((e) => (placesByKey.get(keyOf.get(e.id) as string)?.size ?? 0) > 1);
    expect(homonyms.length).toBeGreaterThan(1);
    const rows = await big.store.ingest.sourcesByEvents(homonyms.map((e) => e.id));
    for (const event of homonyms) {
      const row = rows.find((r) => r.eventId === event.id) as (typeof rows)[number];
      const { partner, record } = JSON.parse(row.data) as ResolvedSource;
      await importItems(big.store, feed([{ ...record, description: 'Nouvelle description.' }]), {
        partner,
        format: 'ndjson',
        nowMs: big.clock(),
      });
    }
    const after = await big.store.catalogue.eventJsonByIds(
      homonyms.map((e) => e.id),
      { commentaries: false, performers: false },
    );
    expect(after.map((buffer) => (JSON.parse(buffer.toString('utf8')) as EventJson).place)).toEqual(
      homonyms.map((e) => e.place),
    );
  } finally {
    await big.service.close();
  }
});

test(
  'the demo seed keeps apart the generated events the matching rule alone would merge: one event per generated one',
  { timeout: 180_000 },
  async () => {
    const demo = await serviceWith([]);
    try {
      const total = DEFAULT_SEED_EVENTS;
      const stats = await seedCatalogue(demo.store.seeding, { events: total, now: FIXTURE_NOW_MS, ingestion: true });
      expect(stats.sourceRecords).toBe(stats.sources);
      expect((await demo.store.feed.changesSince(null, 2 * total)).events.length).toBe(total);
      const rows = await demo.store.ingest.sourcesByEvents(Array.from({ length: total }, (_, i) => i + 1));
      expect(rows.length).toBe(stats.sources);
      const byEvent = new Map<number, ResolvedSource[]>();
      for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), parse(row.data)]);
      expect(byEvent.size).toBe(total);
      // Pairs of seeded events where a record of the later one would join the earlier one by the rule (sameAs aside):
      // without the records' sameAs, ingestion would have made fewer events than the seed generated.
      const byHour = new Map<number, number[]>();
      for (const [id, records] of byEvent) {
        const hour = Math.floor((records[0] as ResolvedSource).startMs / 3_600_000);
        byHour.set(hour, [...(byHour.get(hour) ?? []), id]);
      }
      const ruleOnly = (r: ResolvedSource) => ({ ...matchViewOf(r), sameAs: null });
      let mergeable = 0;
      for (const [hour, ids] of byHour) {
        const near = [...ids, ...(byHour.get(hour + 1) ?? [])];
        for (const a of ids) {
          for (const b of near) {
            if (b <= a && ids.includes(b)) continue;
            const ra = byEvent.get(a) as ResolvedSource[];
            const rb = byEvent.get(b) as ResolvedSource[];
            const joins = rb.some(
              (y) => !ra.some((x) => x.partner === y.partner) && ra.some((x) => sameEvent(ruleOnly(x), ruleOnly(y))),
            );
            if (joins) mergeable += 1;
          }
        }
      }
      expect(mergeable).toBeGreaterThan(0);
    } finally {
      await demo.service.close();
    }
  },
);

const parse = (data: string) => JSON.parse(data) as ResolvedSource;
