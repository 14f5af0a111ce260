import 'server-only';
import type { TEvent, TGetCatalogueRequest, TGetCatalogueResponse } from '@/lib/contract';
import { PartnerError } from '@/lib/partner/errors';
import { instantMs, readEventRow } from '@/lib/read-model/event-row';
import { readMeta, writeMeta, type MirrorDb } from './mirror-db';

export { instantMs };

/** Events per catalogue page (the spec's maximum: fewest round trips). */
export const CATALOGUE_PAGE_LIMIT = 500;

/**
 * How far before the start of a snapshot (by this server's clock) the first incremental sync looks back. A snapshot
 * is paged by offset, so an event changed while it runs can shift past a page boundary and be missed; every event
 * changed after the snapshot began has a later `updatedAt`, so resuming from before that instant (allowing this much
 * clock difference with the service) catches it again.
 */
export const SNAPSHOT_LOOKBACK_MS = 10 * 60_000;

/** Fetches one page of `POST /v2/get/catalogue`. */
export type FetchCataloguePage = (body: TGetCatalogueRequest) => Promise<TGetCatalogueResponse>;

export interface SyncReport {
  kind: 'snapshot' | 'incremental';
  pages: number;
  /** Events received (created or updated). */
  events: number;
  /** Events dropped because they passed, were deleted, or belonged to the generation a snapshot replaced. */
  removed: number;
  /** True when a 410 made the mirror start over with a snapshot. */
  resynced: boolean;
}

const KEYS = {
  generation: 'generation',
  phase: 'phase',
  cursor: 'cursor',
  snapshotGeneration: 'snapshot_generation',
  snapshotNextPage: 'snapshot_next_page',
  snapshotMaxUpdated: 'snapshot_max_updated',
  snapshotStartedMs: 'snapshot_started_ms',
  /**
   * Set when a snapshot completed with the read model's rows (`read_events`): a mirror file of an older version has
   * none, and takes a fresh snapshot once.
   */
  readModel: 'read_model',
  /** When the last sync completed (epoch ms): how old the copy is. */
  syncedAt: 'synced_at',
} as const;

/** What one applied page changed: the read model (lib/read-model) applies it to its in-memory index. */
export interface MirrorChange {
  /** Events written (created or changed). */
  upserted: number[];
  /** Events dropped (passed, deleted, or left behind by a snapshot). */
  removed: number[];
}

/** The event's first main category, as the dashboard groups clicks by. */
function mainCategory(event: TEvent): string | null {
  return (
    event.categories.find((c) => c.subCategory === null)?.mainCategory ?? event.categories[0]?.mainCategory ?? null
  );
}

/** The town the dashboard groups clicks by: the map place's city, else the ticketing partners' address. */
function town(event: TEvent): string | null {
  return event.mapPlace?.city ?? event.place.address.city ?? null;
}

/** Writes what the mirror keeps of events (an upsert) under a generation. */
function upsertEvents(db: MirrorDb, events: readonly TEvent[], generation: number): void {
  const upsert = db.prepare(
    `INSERT INTO events (id, name, start_ms, end_ms, updated_at, updated_ms, place_id, map_place_id, cancelled,
                         not_available, generation)
     VALUES (@id, @name, @startMs, @endMs, @updatedAt, @updatedMs, @placeId, @mapPlaceId, @cancelled, @notAvailable,
             @generation)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, start_ms = excluded.start_ms, end_ms = excluded.end_ms,
       updated_at = excluded.updated_at, updated_ms = excluded.updated_ms, place_id = excluded.place_id,
       map_place_id = excluded.map_place_id, cancelled = excluded.cancelled, not_available = excluded.not_available,
       generation = excluded.generation`,
  );
  const clearPerformers = db.prepare('DELETE FROM event_performers WHERE event_id = ?');
  const addPerformer = db.prepare('INSERT OR IGNORE INTO event_performers (event_id, performer_id) VALUES (?, ?)');
  const readRow = db.prepare(
    `INSERT OR REPLACE INTO read_events (id, lng, lat, start_ms, end_ms, updated_ms, lowest_price, highest_price,
                                        category_mask, partners, town, card, event)
     VALUES (@id, @lng, @lat, @startMs, @endMs, @updatedMs, @lowestPrice, @highestPrice, @categoryMask, @partners,
             @town, @card, @event)`,
  );
  const fact = db.prepare(
    `INSERT INTO event_facts (id, category, town) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET category = excluded.category, town = excluded.town`,
  );
  for (const event of events) {
    upsert.run({
      id: event.id,
      name: event.name,
      startMs: instantMs(event.startDate),
      endMs: instantMs(event.endDate),
      updatedAt: event.updatedAt,
      updatedMs: Date.parse(event.updatedAt),
      placeId: event.place.id,
      mapPlaceId: event.mapPlace?.id ?? null,
      cancelled: event.cancelledAt ? 1 : 0,
      notAvailable: event.notAvailableAt ? 1 : 0,
      generation,
    });
    clearPerformers.run(event.id);
    for (const performer of event.performers) addPerformer.run(event.id, performer.id);
    fact.run(event.id, mainCategory(event), town(event));
    readRow.run(readEventRow(event));
  }
}

/** Drops events; returns those the mirror held. */
function removeEvents(db: MirrorDb, ids: readonly number[]): number[] {
  const remove = db.prepare('DELETE FROM events WHERE id = ?');
  const clear = db.prepare('DELETE FROM event_performers WHERE event_id = ?');
  const clearRead = db.prepare('DELETE FROM read_events WHERE id = ?');
  const removed: number[] = [];
  for (const id of ids) {
    if (remove.run(id).changes > 0) removed.push(id);
    clear.run(id);
    clearRead.run(id);
  }
  return removed;
}

/**
 * Marks events cancelled or no longer available, in the sitemap's columns and in the read model's card and event
 * (the catalogue names them without sending them again).
 */
function flagEvents(db: MirrorDb, column: 'cancelled' | 'not_available', ids: readonly number[], at: string): void {
  const flag = db.prepare(`UPDATE events SET ${column} = 1 WHERE id = ?`);
  const [cardKey, eventKey] = column === 'cancelled' ? ['cancelled', 'cancelledAt'] : ['unavailable', 'notAvailableAt'];
  const flagRead = db.prepare(
    `UPDATE read_events SET card = json_set(card, '$.${cardKey}', json('true')),
       event = json_set(event, '$.${eventKey}', coalesce(json_extract(event, '$.${eventKey}'), ?)) WHERE id = ?`,
  );
  for (const id of ids) {
    flag.run(id);
    flagRead.run(at, id);
  }
}

function maxUpdatedAt(events: readonly TEvent[], current: string | undefined): string | undefined {
  let best = current;
  let bestMs = current === undefined ? -Infinity : Date.parse(current);
  for (const event of events) {
    const ms = Date.parse(event.updatedAt);
    if (ms > bestMs) {
      best = event.updatedAt;
      bestMs = ms;
    }
  }
  return best;
}

function isResyncRequired(error: unknown): boolean {
  return error instanceof PartnerError && error.kind === 'http' && error.status === 410;
}

/**
 * Brings the mirror up to date (DESIGN §4): a paged snapshot when it has no cursor yet (resuming at the first page not
 * applied), then incremental pages — always page 1 with `lastUpdatedAt` = the largest `updatedAt` applied — until
 * nothing is left. Every page is applied in one transaction together with the progress it makes, so a failure
 * midway (the error is thrown) loses nothing and the next call resumes from the last applied page. A 410 starts a
 * clean resync: a new snapshot generation that replaces the old rows once complete.
 */
export async function syncCatalogue(
  db: MirrorDb,
  fetchPage: FetchCataloguePage,
  {
    now = Date.now,
    limit = CATALOGUE_PAGE_LIMIT,
    onChange,
    locationFilter,
  }: {
    now?: () => number;
    limit?: number;
    /** Called after each applied page (its transaction committed). */
    onChange?: (change: MirrorChange) => void;
    /** The catalogue's locationFilter: the copy keeps only the brand's area. */
    locationFilter?: TGetCatalogueRequest['locationFilter'];
  } = {},
): Promise<SyncReport> {
  const notify = onChange ?? (() => undefined);
  const fetchArea: FetchCataloguePage = locationFilter ? (body) => fetchPage({ ...body, locationFilter }) : fetchPage;
  const report: SyncReport = { kind: 'incremental', pages: 0, events: 0, removed: 0, resynced: false };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      if (readMeta(db, KEYS.phase) !== 'incremental' || readMeta(db, KEYS.readModel) !== '1') {
        report.kind = 'snapshot';
        await runSnapshot(db, fetchArea, now, limit, report, notify);
      }
      await runIncremental(db, fetchArea, limit, report, notify, now);
      writeMeta(db, KEYS.syncedAt, String(now()));
      return report;
    } catch (error) {
      if (!isResyncRequired(error) || attempt > 0) throw error;
      // The service no longer knows every deletion since our cursor: start over, keeping the current rows until the
      // new snapshot is complete.
      report.resynced = true;
      db.transaction(() => {
        writeMeta(db, KEYS.phase, undefined);
        writeMeta(db, KEYS.cursor, undefined);
        writeMeta(db, KEYS.snapshotGeneration, undefined);
      })();
    }
  }
  return report;
}

async function runSnapshot(
  db: MirrorDb,
  fetchPage: FetchCataloguePage,
  now: () => number,
  limit: number,
  report: SyncReport,
  notify: (change: MirrorChange) => void,
): Promise<void> {
  const live = Number(readMeta(db, KEYS.generation) ?? 0);
  let generation = Number(readMeta(db, KEYS.snapshotGeneration) ?? Number.NaN);
  if (!Number.isFinite(generation)) {
    generation = live + 1;
    db.transaction(() => {
      writeMeta(db, KEYS.snapshotGeneration, String(generation));
      writeMeta(db, KEYS.snapshotNextPage, '1');
      writeMeta(db, KEYS.snapshotMaxUpdated, undefined);
      writeMeta(db, KEYS.snapshotStartedMs, String(now()));
    })();
  }
  for (;;) {
    const page = Number(readMeta(db, KEYS.snapshotNextPage) ?? 1);
    const response = await fetchPage({ limit, pageNumber: page });
    const { events } = response.data;
    const done = events.length === 0 || page >= response.pagination.totalPages;
    let removed: number[] = [];
    db.transaction(() => {
      upsertEvents(db, events, generation);
      writeMeta(db, KEYS.snapshotMaxUpdated, maxUpdatedAt(events, readMeta(db, KEYS.snapshotMaxUpdated)));
      writeMeta(db, KEYS.snapshotNextPage, String(page + 1));
      if (done) {
        const stale = db.prepare('SELECT id FROM events WHERE generation != ?').pluck().all(generation) as number[];
        removed = removeEvents(db, stale);
        report.removed += removed.length;
        const maxUpdated = readMeta(db, KEYS.snapshotMaxUpdated);
        const lookback = new Date(Number(readMeta(db, KEYS.snapshotStartedMs)) - SNAPSHOT_LOOKBACK_MS).toISOString();
        const cursor =
          maxUpdated === undefined || Date.parse(lookback) < Date.parse(maxUpdated) ? lookback : maxUpdated;
        writeMeta(db, KEYS.generation, String(generation));
        writeMeta(db, KEYS.cursor, cursor);
        writeMeta(db, KEYS.phase, 'incremental');
        writeMeta(db, KEYS.readModel, '1');
        for (const key of [
          KEYS.snapshotGeneration,
          KEYS.snapshotNextPage,
          KEYS.snapshotMaxUpdated,
          KEYS.snapshotStartedMs,
        ]) {
          writeMeta(db, key, undefined);
        }
      }
    })();
    notify({ upserted: events.map((e) => e.id), removed });
    report.pages += 1;
    report.events += events.length;
    if (done) return;
  }
}

async function runIncremental(
  db: MirrorDb,
  fetchPage: FetchCataloguePage,
  limit: number,
  report: SyncReport,
  notify: (change: MirrorChange) => void,
  now: () => number,
): Promise<void> {
  const generation = Number(readMeta(db, KEYS.generation) ?? 1);
  for (;;) {
    const cursor = readMeta(db, KEYS.cursor);
    const response = await fetchPage({ lastUpdatedAt: cursor, limit, pageNumber: 1 });
    const { events, eventIdsCancelled, eventIdsNotAvailable, eventIdsPassed, eventIdsDeleted } = response.data;
    const next = maxUpdatedAt(events, cursor);
    let removed: number[] = [];
    db.transaction(() => {
      const at = new Date(now()).toISOString();
      upsertEvents(db, events, generation);
      flagEvents(db, 'cancelled', eventIdsCancelled, at);
      flagEvents(db, 'not_available', eventIdsNotAvailable, at);
      removed = removeEvents(db, [...eventIdsPassed, ...eventIdsDeleted]);
      report.removed += removed.length;
      if (next !== undefined) writeMeta(db, KEYS.cursor, next);
    })();
    notify({ upserted: events.map((e) => e.id), removed });
    report.pages += 1;
    report.events += events.length;
    // The last page holds everything left; a cursor that did not move would ask the same page again.
    if (events.length === 0 || response.pagination.totalItems <= events.length || next === cursor) return;
  }
}

/** Whether the mirror holds a complete copy with the read model's rows (a snapshot with them completed). */
export function readModelReady(db: MirrorDb): boolean {
  // A resync after a 410 leaves the flag set: the previous copy keeps serving until the new snapshot replaces it.
  return readMeta(db, KEYS.readModel) === '1';
}

/** When the mirror's last sync completed (epoch ms), or null. */
export function lastSyncedAt(db: MirrorDb): number | null {
  const value = readMeta(db, KEYS.syncedAt);
  return value === undefined ? null : Number(value);
}

/** The cursor of the mirror (largest `updatedAt` applied), or undefined before its first snapshot completes. */
export function mirrorCursor(db: MirrorDb): string | undefined {
  return readMeta(db, KEYS.phase) === 'incremental' ? readMeta(db, KEYS.cursor) : undefined;
}
