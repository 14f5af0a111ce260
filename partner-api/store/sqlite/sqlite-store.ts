import { systemClock, type Clock } from '@/partner-api/clock';
import type { Store } from '../port';
import { cancelEvent } from './operations/cancel-event';
import { changeAvailabilities } from './operations/change-availabilities';
import { createEvent } from './operations/create-event';
import { deleteEvent } from './operations/delete-event';
import { run } from './errors';
import { findEventIdByServiceId } from './operations/find-event-by-service-id';
import { getEvent } from './operations/get-event';
import { getMapPlace } from './operations/get-map-place';
import { getPerformer } from './operations/get-performer';
import { listClicks } from './operations/list-clicks';
import { markUnavailable } from './operations/mark-unavailable';
import { migrate, type Db } from './open';
import * as authClients from './operations/auth-clients';
import * as authTokens from './operations/auth-tokens';
import { cataloguePage } from './operations/catalogue-page';
import { changesSince, lastUpdatedMs } from './operations/changes-since';
import { eventJsonByIds } from './operations/event-json-by-ids';
import { hasClicks, isCatalogueEmpty, probeRead, probeWrite, sourceStarts } from './operations/health-probes';
import { imageSubject } from './operations/image-subject';
import * as samples from './operations/samples';
import { beginSeed } from './operations/seed-session';
import { optimizeSearchIndex } from './operations/optimize-search-index';
import { recordClick } from './operations/record-click';
import { repriceEvent } from './operations/reprice-event';
import { search } from './operations/search';
import { searchPerformer } from './operations/search-performer';
import { searchPlace } from './operations/search-place';
import type { StoreContext } from './rows/store-context';
import { updateEvent } from './operations/update-event';
import { applyIngestBatch } from './operations/apply-ingest-batch';
import { addIngestKey, ingestPartner, partnerOfIngestKey, savePartner } from './operations/ingest-partner';
import * as ingestSources from './operations/ingest-sources';

export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:4000';

export interface SqliteStoreOptions {
  clock?: Clock;
  /** Base URL of the service (image links), without a trailing slash; default http://127.0.0.1:4000. */
  publicUrl?: string;
  /** Where the database is, for logs (default: the file better-sqlite3 opened). */
  location?: string;
}

/** The SQLite store, with its connection for tests and tools that are about SQLite itself. */
export type SqliteStore = Store & { readonly kind: 'sqlite'; readonly db: Db; readonly ctx: StoreContext };

/**
 * The port over an open, migrated better-sqlite3 connection (see openDatabase). Every operation lives in its own file;
 * better-sqlite3 is synchronous, so each async method runs its operation at once and settles with its result, SQLite
 * failures translated into the port's StorageErrors.
 */
export function createSqliteStore(db: Db, options: SqliteStoreOptions = {}): SqliteStore {
  const ctx: StoreContext = {
    db,
    clock: options.clock ?? systemClock,
    publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
  };
  const listeners = new Set<() => void>();
  /** A write: runs it, then tells this process's listeners (the EventIndex's follower) it committed. */
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const write = <T>(operation: () => T): Promise<T> =>
    run(operation).then((result) => {
      notify();
      return result;
    });

  return {
    kind: 'sqlite',
    location: options.location ?? db.name,
    db,
    ctx,
    catalogue: {
      getEvent: (id) => run(() => getEvent(ctx, id)),
      findEventIdByServiceId: (serviceId) => run(() => findEventIdByServiceId(ctx, serviceId)),
      eventJsonByIds: (ids, jsonOptions) => run(() => eventJsonByIds(db, ids, jsonOptions)),
      cataloguePage: (request) => run(() => cataloguePage(db, request)),
      getMapPlace: (mapPlaceId) => run(() => getMapPlace(ctx, mapPlaceId)),
      getPerformer: (performerId) => run(() => getPerformer(ctx, performerId)),
      isEmpty: () => run(() => isCatalogueEmpty(db)),
      createEvent: (input) => write(() => createEvent(ctx, input)),
      updateEvent: (id, patch) => write(() => updateEvent(ctx, id, patch)),
      repriceEvent: (id, prices) => write(() => repriceEvent(ctx, id, prices)),
      cancelEvent: (id) => write(() => cancelEvent(ctx, id)),
      markUnavailable: (id) => write(() => markUnavailable(ctx, id)),
      changeAvailabilities: (id, change) => write(() => changeAvailabilities(ctx, id, change)),
      deleteEvent: (id) => write(() => deleteEvent(ctx, id)),
    },
    feed: {
      changesSince: (cursor, limit) => run(() => changesSince(db, cursor, limit)),
      lastUpdatedMs: () => run(() => lastUpdatedMs(db)),
      onLocalWrite(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    samples: {
      partnerNames: () => run(() => samples.partnerNames(db)),
      currentEventAt: (fraction, nowMs) => run(() => samples.currentEventAt(db, fraction, nowMs)),
      placeAt: (fraction) => run(() => samples.placeAt(db, fraction)),
      sourceIds: (eventId) => run(() => samples.sourceIds(db, eventId)),
    },
    search: {
      searchPlace: (name, point) => run(() => searchPlace(ctx, name, point)),
      searchPerformer: (name) => run(() => searchPerformer(ctx, name)),
      search: (params) => run(() => search(ctx, params)),
      optimize: () => run(() => optimizeSearchIndex(db)),
    },
    clicks: {
      recordClick: (input) => run(() => recordClick(ctx, input)),
      recordClicks: (inputs) =>
        run(() => db.transaction(() => inputs.filter((input) => recordClick(ctx, input) !== null).length)()),
      listClicks: (params) => run(() => listClicks(ctx, params)),
      hasClicks: (clientIds) => run(() => hasClicks(db, clientIds)),
    },
    images: {
      imageSubject: (kind, id) => run(() => imageSubject(db, kind, id)),
    },
    auth: {
      createClient: (id, secretHash, createdMs) => run(() => authClients.createClient(db, id, secretHash, createdMs)),
      listClients: () => run(() => authClients.listClients(db)),
      activeClientSecretHash: (id) => run(() => authClients.activeClientSecretHash(db, id)),
      clientExists: (id) => run(() => authClients.clientExists(db, id)),
      createFamily: (familyId, clientId, createdMs) =>
        run(() => authTokens.createFamily(db, familyId, clientId, createdMs)),
      insertRefreshToken: (hash, familyId, createdMs, expiresMs) =>
        run(() => authTokens.insertRefreshToken(db, hash, familyId, createdMs, expiresMs)),
      findRefreshToken: (hash) => run(() => authTokens.findRefreshToken(db, hash)),
      markRefreshTokenUsed: (hash, usedMs) => run(() => authTokens.markRefreshTokenUsed(db, hash, usedMs)),
      revokeFamily: (familyId, nowMs) => run(() => authTokens.revokeFamily(db, familyId, nowMs)),
      isFamilyRevoked: (familyId) => run(() => authTokens.isFamilyRevoked(db, familyId)),
      purgeTokens: (horizonMs) => run(() => authTokens.purgeTokens(db, horizonMs)),
      countActiveFamilies: (nowMs) => run(() => authTokens.countActiveFamilies(db, nowMs)),
      sharedSecret: (name, candidate) => run(() => authTokens.sharedSecret(db, name, candidate)),
    },
    seeding: {
      // The load's commit is a write like any other for this process's index.
      beginSeed: (seedOptions) => run(() => beginSeed(ctx, seedOptions, notify)),
      sourceStarts: () => run(() => sourceStarts(db)),
    },
    ingest: {
      partner: (name) => run(() => ingestPartner(db, name)),
      savePartner: (partner) => run(() => savePartner(db, partner)),
      sourcesByRefs: (partner, refs) => run(() => ingestSources.sourcesByRefs(db, partner, refs)),
      sourcesByEvents: (ids) => run(() => ingestSources.sourcesByEvents(db, ids)),
      sourcesByMatchKeys: (keys) => run(() => ingestSources.sourcesByMatchKeys(db, keys)),
      partnerRefsEndingAfter: (partner, ms) => run(() => ingestSources.partnerRefsEndingAfter(db, partner, ms)),
      addKey: (partner, keyHash, createdMs) => run(() => addIngestKey(db, partner, keyHash, createdMs)),
      partnerOfKey: (keyHash) => run(() => partnerOfIngestKey(db, keyHash)),
      applyBatch: (batch) => write(() => applyIngestBatch(ctx, batch)),
    },
    health: {
      probeRead: () => run(() => probeRead(db)),
      probeWrite: (nowMs) => run(() => probeWrite(db, nowMs)),
    },
    migrate: () => run(() => migrate(db)),
    close: () =>
      run(() => {
        db.close();
      }),
  };
}
