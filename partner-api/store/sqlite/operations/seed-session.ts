import { randomUUID } from 'node:crypto';
import type { SeedSession } from '../../port';
import { serializeEvent } from '../../model/serialize-event';
import type { PartnerRecord } from '../../model/records';
import { CATALOGUE_TABLES } from '../../model/event-columns';
import { run } from '../errors';
import { setAsideForBulkLoad } from '../rows/bulk-load';
import { setLastUpdatedMs } from '../rows/next-updated-ms';
import { ensureMapPlace, ensurePerformer, ensurePlace, MAX_EVENT_ID_KEY, noteEventId } from '../rows/resolve-input';
import { insertEvent, replaceEvents } from '../rows/save-event';
import type { StoreContext } from '../rows/store-context';
import { applyIngestBatch } from './apply-ingest-batch';
import { sourcesByEvents, sourcesByMatchKeys, sourcesByRefs } from './ingest-sources';
import { stmt } from '../statements';
import { GENERATION_KEY, lastUpdatedMs } from './changes-since';
import { isCatalogueEmpty } from './health-probes';

const META_UPSERT =
  'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/**
 * A bulk load on this connection (rows/bulk-load.ts): one transaction from `beginSeed` to `commit`, so readers (other connections, other
 * processes) keep the old catalogue until the new one is complete, and a seed killed half-way changes nothing. Each
 * commit starts a new catalogue generation: every EventIndex following the feed rebuilds from it.
 */
export function beginSeed(ctx: StoreContext, options: { reset: boolean }, onCommit: () => void): SeedSession {
  const { db, publicUrl } = ctx;
  if (db.inTransaction) throw new Error('A bulk load is already running on this connection.');
  db.exec('BEGIN IMMEDIATE');
  let endBulkLoad: () => void;
  let lastUpdatedBefore: number;
  try {
    lastUpdatedBefore = lastUpdatedMs(db);
    if (!isCatalogueEmpty(db)) {
      if (!options.reset) throw new Error('The catalogue is not empty; seed with reset to replace it.');
      for (const table of CATALOGUE_TABLES) db.exec(`DELETE FROM ${table}`);
      // A reset starts a new catalogue: mirrors must resync from scratch, ids may start over.
      stmt(db, 'DELETE FROM meta WHERE key = ?').run(MAX_EVENT_ID_KEY);
    }
    endBulkLoad = setAsideForBulkLoad(db);
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  let open = true;
  const guard = <T>(work: () => T): Promise<T> =>
    open ? run(work) : Promise.reject(new Error('This bulk load has ended.'));
  return {
    addMapPlaces: (inputs) => guard(() => inputs.map((input) => ensureMapPlace(db, input))),
    addPlaces: (inputs) => guard(() => inputs.map((input) => ensurePlace(db, input.place, input.mapPlaceId))),
    addPerformers: (inputs) => guard(() => inputs.map((input) => ensurePerformer(db, input))),
    partners: () =>
      guard(
        () =>
          stmt(db, 'SELECT id, name, logo, back_color AS backColor FROM partners ORDER BY id').all() as PartnerRecord[],
      ),
    addEvents: (records) =>
      guard(() => {
        for (const record of records) insertEvent(db, record, serializeEvent(record, publicUrl));
      }),
    // The store's own ingestion operations on this connection: inside the load's transaction (a batch is a savepoint).
    ingest: {
      sourcesByRefs: (partner, refs) => guard(() => sourcesByRefs(db, partner, refs)),
      sourcesByEvents: (ids) => guard(() => sourcesByEvents(db, ids)),
      sourcesByMatchKeys: (keys) => guard(() => sourcesByMatchKeys(db, keys)),
      applyBatch: (batch) => guard(() => applyIngestBatch(ctx, batch)),
    },
    enrichEvents: (records) =>
      guard(() =>
        replaceEvents(
          db,
          records.map((record) => ({ record, json: serializeEvent(record, publicUrl) })),
        ),
      ),
    commit: (marks) =>
      guard(() => {
        endBulkLoad();
        // The stamps ingestion drew during the load are not kept: the enrichment gave every event the seed's own.
        setLastUpdatedMs(db, Math.max(lastUpdatedBefore, marks.lastUpdatedMs));
        if (marks.maxEventId > 0) noteEventId(db, marks.maxEventId);
        stmt(db, META_UPSERT).run(GENERATION_KEY, randomUUID());
        stmt(db, META_UPSERT).run('seed_completed_ms', String(Date.now()));
        db.exec('COMMIT');
        open = false;
        onCommit();
      }),
    abort: () =>
      guard(() => {
        open = false;
        if (db.inTransaction) db.exec('ROLLBACK');
      }),
  };
}
