import { DEMO_CLIENTS } from '@/partner-api/auth/clients';
import { deriveKey, resolveRootSecret } from '@/partner-api/auth/signing-key';
import type { ServiceConfig } from '@/partner-api/env';
import { createTrackedLinks } from '@/partner-api/links/tracked-link';
import type { ClickInput } from '@/partner-api/store/search-types';
import type { Store } from '@/partner-api/store/port';
import { createRng } from './rng';

/** Days of click history the demo clients get. */
export const CLICK_HISTORY_DAYS = 120;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Visitors buy a few days to a couple of months ahead. */
const MAX_LEAD_MS = 60 * DAY;

/** Average clicks a day at the end of the history, per demo client (the first is the embedded web app's). */
const CLICKS_PER_DAY: Record<string, number> = { demo: 80, 'demo-b': 20 };
/** Relative traffic by weekday (0 = Sunday): week-ends and Friday evenings sell the most. */
const WEEKDAY_WEIGHT = [1.15, 0.8, 0.85, 0.9, 1, 1.3, 1.35];
/** Relative traffic by hour of the (Paris) day. */
const HOUR_WEIGHT = [
  0.2, 0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.6, 0.9, 1, 1, 1.1, 1.3, 1.2, 1, 1, 1.1, 1.3, 1.6, 1.9, 2, 1.8, 1.2, 0.6,
];

export interface ClickHistoryStats {
  clicks: number;
  durationMs: number;
}

/**
 * Records a realistic click history of the last {@link CLICK_HISTORY_DAYS} days for the demo clients, through the same
 * path as a visitor's click: the tracked link the service serves (signed token), verified, then `recordClick` at the
 * click's time, so each click carries the source's real commission. Traffic grows over the period, follows the week
 * and the day, and goes to events starting within two months of the click. Does nothing when a demo client already
 * has clicks (a restart, or a reseed of the catalogue, keeps the history).
 */
export async function seedClickHistory(
  store: Store,
  config: ServiceConfig,
  now = Date.now(),
): Promise<ClickHistoryStats> {
  const started = performance.now();
  const ids = DEMO_CLIENTS.map((client) => client.id);
  if (await store.clicks.hasClicks(ids)) return { clicks: 0, durationMs: 0 };
  const sources = await store.seeding.sourceStarts();
  if (sources.length === 0) return { clicks: 0, durationMs: 0 };

  const links = createTrackedLinks({
    key: deriveKey(await resolveRootSecret(store.auth, config), 'tracked-link'),
    publicUrl: config.publicUrl,
  });
  const rng = createRng('click-history');
  const hours = HOUR_WEIGHT.map((weight, hour) => ({ weight, hour }));

  /** Index of the first source whose event starts after `ms`. */
  const firstAfter = (ms: number) => {
    let lo = 0;
    let hi = sources.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sources[mid]!.startMs > ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };

  const clicks: ClickInput[] = [];
  for (const clientId of ids) {
    const perDay = CLICKS_PER_DAY[clientId] ?? 10;
    for (let day = CLICK_HISTORY_DAYS; day >= 0; day -= 1) {
      const dayStart = now - day * DAY;
      const date = new Date(dayStart);
      // Growth from 55 % to 100 % over the period, with day-to-day noise.
      const growth = 0.55 + 0.45 * (1 - day / CLICK_HISTORY_DAYS);
      const expected = perDay * growth * WEEKDAY_WEIGHT[date.getUTCDay()]! * (0.8 + rng.next() * 0.4);
      const count = Math.max(0, Math.round(expected + rng.normal() * Math.sqrt(expected)));
      for (let i = 0; i < count; i += 1) {
        const { hour } = rng.weighted(hours, (h) => h.weight);
        const at = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour) - HOUR;
        const clickMs = at + rng.int(0, HOUR - 1);
        if (clickMs >= now) continue;
        const from = firstAfter(clickMs);
        if (from >= sources.length) continue;
        const to = Math.max(from + 1, firstAfter(clickMs + MAX_LEAD_MS));
        // Sooner events sell more: the square of a uniform draw leans toward the start of the window.
        const source = sources[from + Math.floor(rng.next() ** 2 * (to - from))]!;
        const token = links.tokenFor(source.id, clientId);
        const target = links.verifyLinkToken(token);
        if (!target) continue;
        clicks.push({ ...target, link: `${config.publicUrl}/r/${token}`, atMs: clickMs });
      }
    }
  }
  const recorded = await store.clicks.recordClicks(clicks);
  return { clicks: recorded, durationMs: Math.round(performance.now() - started) };
}
