import { systemClock, type Clock } from '@/partner-api/clock';
import type { EventStore } from '../types';
import { cancelEvent } from './cancel-event';
import { changeAvailabilities } from './change-availabilities';
import { createEvent } from './create-event';
import { deleteEvent } from './delete-event';
import { findEvents } from './find-events';
import { getCatalogue } from './get-catalogue';
import { getEvent } from './get-event';
import { getMapPlace } from './get-map-place';
import { getPerformer } from './get-performer';
import { listClicks } from './list-clicks';
import { recordClick } from './record-click';
import { search } from './search';
import { searchPerformer } from './search-performer';
import { searchPlace } from './search-place';
import { markUnavailable } from './mark-unavailable';
import type { Db } from './open';
import { repriceEvent } from './reprice-event';
import type { StoreContext } from './store-context';
import { updateEvent } from './update-event';

export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:4000';

export interface SqliteStoreOptions {
  clock?: Clock;
  /** Base URL of the service (image links), without a trailing slash; default http://127.0.0.1:4000. */
  publicUrl?: string;
}

/** The SQLite EventStore: every operation lives in its own file next to this one. */
export type SqliteEventStore = EventStore & { readonly ctx: StoreContext };

/** The EventStore over an open, migrated database (see openDatabase). */
export function createSqliteStore(db: Db, options: SqliteStoreOptions = {}): SqliteEventStore {
  const ctx: StoreContext = {
    db,
    clock: options.clock ?? systemClock,
    publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
  };
  return {
    ctx,
    getEvent: (id) => getEvent(ctx, id),
    createEvent: (input) => createEvent(ctx, input),
    updateEvent: (id, patch) => updateEvent(ctx, id, patch),
    repriceEvent: (id, prices) => repriceEvent(ctx, id, prices),
    cancelEvent: (id) => cancelEvent(ctx, id),
    markUnavailable: (id) => markUnavailable(ctx, id),
    changeAvailabilities: (id, change) => changeAvailabilities(ctx, id, change),
    deleteEvent: (id) => deleteEvent(ctx, id),
    findEvents: (query) => findEvents(db, query),
    getCatalogue: (query, nowMs) => getCatalogue(db, query, nowMs),
    getMapPlace: (mapPlaceId) => getMapPlace(ctx, mapPlaceId),
    getPerformer: (performerId) => getPerformer(ctx, performerId),
    searchPlace: (name, point) => searchPlace(ctx, name, point),
    searchPerformer: (name) => searchPerformer(ctx, name),
    search: (params) => search(ctx, params),
    recordClick: (input) => recordClick(ctx, input),
    listClicks: (params) => listClicks(ctx, params),
    close: () => db.close(),
  };
}
