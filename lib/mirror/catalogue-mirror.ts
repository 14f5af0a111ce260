import 'server-only';
import { existsSync, renameSync } from 'node:fs';
import { getBrand } from '@/lib/brand/get-brand';
import type { TGetCatalogueRequest } from '@/lib/contract';
import { getEnv } from '@/lib/env';
import { getPartner } from '@/lib/partner';
import { openMirrorDb, type MirrorDb } from './mirror-db';
import { lastSyncedAt, syncCatalogue, type MirrorChange, type SyncReport } from './sync-catalogue';

/** The process's catalogue mirror: its database, the state of the last sync, and the schedule. */
export interface CatalogueMirror {
  db: MirrorDb;
  /** Runs one sync now (joining the one under way, if any). */
  sync(): Promise<SyncReport>;
  /**
   * When the last sync completed (kept in the file: a restart knows how old its copy is), and how the last attempt
   * ended (`lastError` is set while the Partner API fails).
   */
  status(): { lastSuccessAt: number | null; lastError: string | null; syncing: boolean };
  /** Calls `listener` after each page a sync applies; returns an unsubscribe function. */
  onChange(listener: (change: MirrorChange) => void): () => void;
}

const holder = globalThis as typeof globalThis & { __eventmapMirror?: CatalogueMirror | null };

/** Builds a mirror over a database file and a page fetcher (tests, benchmarks). */
export function createCatalogueMirror(
  db: MirrorDb,
  fetchPage: Parameters<typeof syncCatalogue>[1],
  options: { now?: () => number; locationFilter?: TGetCatalogueRequest['locationFilter'] } = {},
): CatalogueMirror {
  let running: Promise<SyncReport> | null = null;
  let lastError: string | null = null;
  const listeners = new Set<(change: MirrorChange) => void>();
  const onChange = (change: MirrorChange) => {
    for (const listener of listeners) listener(change);
  };
  return {
    db,
    sync() {
      running ??= syncCatalogue(db, fetchPage, { ...options, onChange })
        .then(
          (report) => {
            lastError = null;
            return report;
          },
          (error: unknown) => {
            lastError = error instanceof Error ? error.message : 'sync failed';
            throw error;
          },
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
    status: () => ({ lastSuccessAt: lastSyncedAt(db), lastError, syncing: running !== null }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Opens the mirror's file; one that SQLite cannot read (corrupt, or not a database) is moved aside with a log line and
 * a fresh one started: the next sync rebuilds it from a snapshot, and the explorer answers live meanwhile.
 */
export function openMirrorFile(file: string): MirrorDb {
  try {
    const db = openMirrorDb(file);
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check === 'ok') return db;
    db.close();
    throw new Error(`quick_check: ${check}`);
  } catch (error) {
    if (file === ':memory:') throw error;
    const aside = `${file}.corrupt-${Date.now()}`;
    console.error(
      `[mirror] catalogue mirror ${file} is unreadable (${error instanceof Error ? error.message : 'error'}); ` +
        `moved to ${aside}, rebuilding from a snapshot`,
    );
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    }
    return openMirrorDb(file);
  }
}

/** The catalogue's locationFilter of the brand: its locked area, when it sets one (else the whole catalogue). */
function brandLocationFilter(): TGetCatalogueRequest['locationFilter'] {
  const area = getBrand().lockedPreset?.area;
  if (!area) return undefined;
  const [minLng, minLat, maxLng, maxLat] = area;
  return { rectangle: { minLng, minLat, maxLng, maxLat } };
}

/** The process-wide mirror (null when CATALOGUE_MIRROR_FILE=off), opened at first use. */
export function getCatalogueMirror(): CatalogueMirror | null {
  if (holder.__eventmapMirror === undefined) {
    const { catalogueMirrorFile } = getEnv();
    holder.__eventmapMirror =
      catalogueMirrorFile === null
        ? null
        : createCatalogueMirror(openMirrorFile(catalogueMirrorFile), (body) => getPartner().client.getCatalogue(body), {
            locationFilter: brandLocationFilter(),
          });
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
