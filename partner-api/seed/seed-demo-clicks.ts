import type { ServiceConfig } from '@/partner-api/env';
import type { Store } from '@/partner-api/store/port';
import { seedClickHistory } from './click-history';

/**
 * After a demo catalogue is seeded: gives the demo clients their click history (demo mode only — a production
 * service never invents clicks), and says so on the console.
 */
export async function seedDemoClickHistory(store: Store, config: ServiceConfig, now: number): Promise<void> {
  if (!config.demo) return;
  const stats = await seedClickHistory(store, config, now);
  if (stats.clicks > 0) console.log(`Recorded ${stats.clicks} demo clicks in ${stats.durationMs} ms.`);
}
