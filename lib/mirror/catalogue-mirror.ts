import 'server-only';
import { getEnv } from '@/lib/env';
import { observeCatalogueSync } from '@/lib/observability/web-metrics';
import { getPartner } from '@/lib/partner';
import { openMirrorDb, type MirrorDb } from './mirror-db';
import { syncCatalogue, type SyncReport } from './sync-catalogue';

/** The process's catalogue mirror: its database, the state of the last sync, and the schedule. */
export interface CatalogueMirror {
  db: MirrorDb;
  /** Runs one sync now (joining the one under way, if any). */
  sync(): Promise<SyncReport>;
  /** When the last sync completed, and how the last attempt ended. */
  status(): { lastSuccessAt: number | null; lastError: string | null; syncing: boolean };
}

const holder = globalThis as typeof globalThis & { __eventmapMirror?: CatalogueMirror | null };

/** Builds a mirror over a database file and a page fetcher (tests, benchmarks). */
export function createCatalogueMirror(db: MirrorDb, fetchPage: Parameters<typeof syncCatalogue>[1]): CatalogueMirror {
  let running: Promise<SyncReport> | null = null;
  let lastSuccessAt: number | null = null;
  let lastError: string | null = null;
  return {
    db,
    sync() {
      const startedAt = performance.now();
      running ??= syncCatalogue(db, fetchPage)
        .then(
          (report) => {
            lastSuccessAt = Date.now();
            lastError = null;
            observeCatalogueSync((performance.now() - startedAt) / 1000, report);
            return report;
          },
          (error: unknown) => {
            lastError = error instanceof Error ? error.message : 'sync failed';
            observeCatalogueSync((performance.now() - startedAt) / 1000, 'failure');
            throw error;
          },
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
    status: () => ({ lastSuccessAt, lastError, syncing: running !== null }),
  };
}

/** The process-wide mirror (null when CATALOGUE_MIRROR_FILE=off), opened at first use. */
export function getCatalogueMirror(): CatalogueMirror | null {
  if (holder.__eventmapMirror === undefined) {
    const { catalogueMirrorFile } = getEnv();
    holder.__eventmapMirror =
      catalogueMirrorFile === null
        ? null
        : createCatalogueMirror(openMirrorDb(catalogueMirrorFile), (body) => getPartner().client.getCatalogue(body));
  }
  return holder.__eventmapMirror;
}

const scheduled = globalThis as typeof globalThis & { __eventmapMirrorTimer?: NodeJS.Timeout };

/**
 * Starts the sync schedule once per process: a sync now (a snapshot the first time, incremental after a restart),
 * then one every CATALOGUE_SYNC_INTERVAL_SECONDS. Failures are logged and retried at the next tick.
 */
export function startCatalogueSync(): void {
  if (scheduled.__eventmapMirrorTimer) return;
  const mirror = getCatalogueMirror();
  if (!mirror) return;
  const run = () => {
    mirror.sync().catch((error: unknown) => {
      console.warn(`[mirror] catalogue sync failed: ${error instanceof Error ? error.message : 'error'}`);
    });
  };
  scheduled.__eventmapMirrorTimer = setInterval(run, getEnv().catalogueSyncIntervalMs);
  scheduled.__eventmapMirrorTimer.unref();
  run();
}
