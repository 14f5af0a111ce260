import type { Clock } from '@/partner-api/clock';
import type { Db } from '../open';
import { stmt } from '../statements';

/** The meta key holding the last `updated_ms` handed out. */
export const LAST_UPDATED_KEY = 'last_updated_ms';

/**
 * The `updatedAt` of a write: `max(clock(), last + 1 ms)`, persisted in `meta`, so `updatedAt` is strictly increasing
 * across all writes even with a frozen or backward clock (docs/design.md §4.5: the sync keys on it alone). Call it
 * inside the write's transaction so two writers cannot draw the same value.
 */
export function nextUpdatedMs(db: Db, clock: Clock): number {
  const row = stmt(db, 'SELECT value FROM meta WHERE key = ?').get(LAST_UPDATED_KEY) as { value: string } | undefined;
  const last = row ? Number(row.value) : 0;
  const next = Math.max(Math.trunc(clock()), last + 1);
  setLastUpdatedMs(db, next);
  return next;
}

/** Records `ms` as the last `updated_ms` handed out (the seed uses it after writing its own values). */
export function setLastUpdatedMs(db: Db, ms: number): void {
  stmt(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    LAST_UPDATED_KEY,
    String(ms),
  );
}
