import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_NOW_MS } from '@/partner-api/testing/fixtures';
import { currentIds, Mirror } from '@/partner-api/testing/catalogue-mirror';
import { serviceWith } from '@/partner-api/testing/events-test-data';
import { seedCatalogue } from './seed/seed-catalogue';
import { CHANGE_WEIGHTS, simulate } from './simulate';

describe('simulate', () => {
  let ctx: Awaited<ReturnType<typeof serviceWith>>;
  beforeAll(async () => {
    ctx = await serviceWith([]);
    await seedCatalogue(ctx.store.seeding, {
      events: 150,
      seed: 'simulate-test',
      now: FIXTURE_NOW_MS,
      reset: true,
      ingestion: true,
    });
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('applies every kind of change, and a mirror syncing meanwhile ends identical to the server', async () => {
    const mirror = new Mirror(ctx);
    const totals = Object.fromEntries(Object.keys(CHANGE_WEIGHTS).map((k) => [k, 0])) as Record<string, number>;
    for (let round = 0; round < 6; round++) {
      const counts = await simulate({
        store: ctx.store,
        clock: ctx.clock,
        changes: 60,
        seed: round + 1,
      });
      for (const [kind, n] of Object.entries(counts)) totals[kind] = (totals[kind] ?? 0) + n;
      ctx.clock.advance(round % 2 === 0 ? 0 : 2 * 3_600_000);
      await mirror.step(7);
    }
    for (const kind of Object.keys(CHANGE_WEIGHTS)) expect(totals[kind], kind).toBeGreaterThan(0);
    let done = false;
    for (let i = 0; i < 500 && !done; i++) done = await mirror.step(50);
    expect(done).toBe(true);
    expect([...mirror.events.keys()].sort((a, b) => a - b)).toEqual(await currentIds(ctx));
  });
});
