import { describe, expect, it } from 'vitest';
import type { TClick } from '@/lib/contract';
import { createTestApp } from '@/partner-api/testing/test-app';
import { testServiceConfig } from '@/partner-api/env';
import { openTestStore, storedEvent } from '@/partner-api/testing/fixtures';
import { clickCommission } from '@/partner-api/store/model/derive';
import { CLICK_HISTORY_DAYS, seedClickHistory } from './click-history';
import { seedCatalogue } from './seed-catalogue';

const DAY = 86_400_000;

describe('demo click history', () => {
  it('records months of clicks for the demo clients through tracked links, with their sources’ commissions', async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const config = testServiceConfig();
    const store = await openTestStore({ publicUrl: config.publicUrl });
    await seedCatalogue(store.seeding, { events: 300, now });
    const stats = await seedClickHistory(store, config, now);
    expect(stats.clicks).toBeGreaterThan(3000);
    // Seeding again (a restart, a reseed) keeps the history as it is.
    expect((await seedClickHistory(store, config, now)).clicks).toBe(0);

    const service = await createTestApp({ store, config });
    try {
      const clicks: TClick[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const response = await service.request({
          method: 'GET',
          url: `/v2/clicks?limit=1000&pageNumber=${pageNumber}`,
        });
        const body = response.json<{ data: TClick[]; pagination: { totalPages: number } }>();
        clicks.push(...body.data);
        if (pageNumber >= body.pagination.totalPages) break;
      }
      const times = clicks.map((c) => Date.parse(c.createdAt));
      expect(Math.min(...times)).toBeLessThan(now - (CLICK_HISTORY_DAYS - 2) * DAY);
      expect(Math.max(...times)).toBeLessThan(now);
      expect(Math.max(...times)).toBeGreaterThan(now - DAY);

      // Each click's link is the tracked link of its source: following it reaches the partner and counts a click.
      const sample = clicks[Math.floor(clicks.length / 2)]!;
      const follow = await service.app.inject({ method: 'GET', url: new URL(sample.link).pathname });
      expect(follow.statusCode).toBe(302);
      const source = (await storedEvent(store, sample.eventId))!.sources.find((s) => s.id === sample.linkId)!;
      expect(sample.commission).toBe(
        clickCommission({
          lowest_price: source.lowestPrice,
          commission_fix: source.commissionFix,
          commission_per_cart: source.commissionPerCart,
          commission_per_ticket: source.commissionPerTicket,
          commission_rate: source.commissionRate,
        }),
      );

      const other = await service.request({ method: 'GET', url: '/v2/clicks?limit=1' }, 'demo-b');
      expect(other.json<{ pagination: { totalItems: number } }>().pagination.totalItems).toBeGreaterThan(500);
    } finally {
      await service.close();
    }
  });
});
