import type { ServiceConfig } from '@/partner-api/env';
import type { Db } from '@/partner-api/store/sqlite/open';
import { seedClickHistory } from './click-history';

/**
 * After a demo catalogue is seeded: gives the demo clients their click history (demo mode only — a production
 * service never invents clicks), and says so on the console.
 */
export function seedDemoClickHistory(db: Db, config: ServiceConfig): void {
  if (!config.demo) return;
  const stats = seedClickHistory(db, config);
  if (stats.clicks > 0) console.log(`Recorded ${stats.clicks} demo clicks in ${stats.durationMs} ms.`);
}
