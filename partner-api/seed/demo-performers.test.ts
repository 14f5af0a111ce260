import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEventSchema, ZPerformerSchema } from '@/lib/contract';
import { foldText } from '@/partner-api/search/normalize';
import { allEventIds } from '@/partner-api/testing/events-test-data';
import { createTestApp, TEST_START_MS, type TestApp } from '@/partner-api/testing/test-app';
import { DEFAULT_SEED_EVENTS, seedCatalogue } from './seed-catalogue';

/*
 * The demo catalogue is searched by people: a performer with an upcoming event must be found by their exact name.
 * Homonyms rightly answer null, so the seed keeps them a small, deliberate share.
 */

let t: TestApp;
let performers: Array<{ id: number; name: string }> = [];
/** Every performer that takes part in an event, past or upcoming, by id. */
const everyPerformer = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.store.seeding, { events: DEFAULT_SEED_EVENTS, now: TEST_START_MS });
  const ids = await allEventIds(t.store);
  const events = (await t.store.catalogue.eventJsonByIds(ids, { commentaries: false, performers: true })).map((json) =>
    ZEventSchema.parse(JSON.parse(json.toString('utf8'))),
  );
  const upcoming = new Map<number, string>();
  for (const event of events) {
    for (const performer of event.performers) {
      everyPerformer.set(performer.id, performer.name);
      if (Date.parse(event.endDate) >= TEST_START_MS) upcoming.set(performer.id, performer.name);
    }
  }
  performers = [...upcoming].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
}, 120_000);
afterAll(() => t.close());

describe('demo performers', () => {
  it('finds at least 99 % of the performers with an upcoming event by their exact name', async () => {
    expect(performers.length).toBeGreaterThan(100);
    const missed: string[] = [];
    for (const performer of performers) {
      const response = await t.request({
        method: 'GET',
        url: `/v2/search/performer?name=${encodeURIComponent(performer.name)}`,
      });
      expect(response.statusCode).toBe(200);
      const found = ZPerformerSchema.nullable().parse(response.json());
      if (found?.id !== performer.id) missed.push(performer.name);
    }
    expect(missed.length / performers.length, `not found: ${missed.join(', ')}`).toBeLessThanOrEqual(0.01);
  });

  it('keeps homonyms to at most 1 % of the performers, and at least one so the homonym rule is exercised', async () => {
    const names = [...everyPerformer.values()];
    const counts = new Map<string, number>();
    for (const name of names) counts.set(foldText(name), (counts.get(foldText(name)) ?? 0) + 1);
    const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeGreaterThan(0);
    expect(duplicates / names.length).toBeLessThanOrEqual(0.01);

    const [shared] = [...counts].find(([, n]) => n > 1) ?? [];
    const name = names.find((candidate) => foldText(candidate) === shared) as string;
    const response = await t.request({ method: 'GET', url: `/v2/search/performer?name=${encodeURIComponent(name)}` });
    expect(response.json()).toBeNull();
  });
});
