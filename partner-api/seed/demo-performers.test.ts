import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPerformerSchema } from '@/lib/contract';
import { foldText } from '@/partner-api/search/normalize';
import { createTestApp, TEST_START_MS, type TestApp } from '@/partner-api/testing/test-app';
import { DEFAULT_SEED_EVENTS, seedCatalogue } from './seed-catalogue';

/*
 * The demo catalogue is searched by people: a performer with an upcoming event must be found by their exact name.
 * Homonyms rightly answer null, so the seed keeps them a small, deliberate share.
 */

let t: TestApp;
let performers: Array<{ id: number; name: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  seedCatalogue(t.db, { events: DEFAULT_SEED_EVENTS, now: TEST_START_MS, publicUrl: t.config.publicUrl });
  performers = t.db
    .prepare(
      `SELECT DISTINCT p.id, p.name FROM performers p
       JOIN event_performers ep ON ep.performer_id = p.id JOIN events e ON e.id = ep.event_id
       WHERE e.end_ms >= ? ORDER BY p.id`,
    )
    .all(TEST_START_MS) as Array<{ id: number; name: string }>;
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
    const names = t.db.prepare('SELECT name FROM performers').pluck().all() as string[];
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
