import type { IndexedEvent } from '@/lib/event-index/indexed-event';
import type { TSearchItem } from '@/lib/contract';
import type {
  ClickInput,
  ClicksPage,
  ListClicksParams,
  RecordedClick,
  RecordWithEventsJson,
  SearchParams,
} from './search-types';
import type {
  AvailabilityInput,
  EventInput,
  EventJsonOptions,
  EventPatch,
  MapPlaceInput,
  PerformerInput,
  PlaceInput,
  RepriceInput,
  StoredEventJson,
} from './types';
import type { IngestStore } from './ingest/types';
import type { EventRecord, MapPlaceRecord, PartnerRecord, PerformerRecord, PlaceRecord } from './model/records';

/**
 * The storage port: everything the service persists, behind async interfaces, so SQLite (one file, one or several
 * processes) and PostgreSQL (a pool, several replicas) are interchangeable. Nothing outside a store implementation
 * (`store/sqlite/**`, `store/postgres/**`) touches a database driver; an ESLint rule keeps it so.
 *
 * A `Store` is opened once from config (`openStore`, store/open-store.ts) and composed of the parts below. Every
 * method may reject with a {@link StorageError} subclass when the database cannot serve it (full disk, read-only,
 * unreachable, lock held too long); any other rejection is a bug or a bad input.
 *
 * Hot path: the events query filters, counts and sorts in the in-memory `EventIndex` (store/event-index/), then makes
 * ONE call to the store, `catalogue.eventJsonByIds`, for the page's pre-serialized JSON. Keep that call a single
 * round trip in every implementation.
 */

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** A store failure that means "the database cannot serve this right now", not "this request or code is wrong". */
export abstract class StorageError extends Error {
  /** Why, in words an operator can act on (for logs; never sent to clients beyond a generic 503). */
  abstract readonly reason: string;
  /** The driver's own code, e.g. `SQLITE_FULL`, `53100` (PostgreSQL disk_full), `ECONNREFUSED`. */
  readonly code: string;
  /** Seconds a client should wait before retrying. */
  readonly retryAfterSeconds: number;

  constructor(message: string, code: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The store is unreachable, locked past its busy timeout, or reported an I/O error: retry soon. */
export class StorageUnavailableError extends StorageError {
  override name = 'StorageUnavailableError';
  readonly reason: string;
  constructor(reason: string, code: string, retryAfterSeconds = 1, options?: { cause?: unknown }) {
    super(`Storage unavailable (${code}): ${reason}`, code, retryAfterSeconds, options);
    this.reason = reason;
  }
}

/** The store cannot write: a full disk or database size limit, a read-only file or database. Reads keep working. */
export class StorageFullError extends StorageError {
  override name = 'StorageFullError';
  readonly reason: string;
  constructor(reason: string, code: string, retryAfterSeconds = 30, options?: { cause?: unknown }) {
    super(`Storage cannot write (${code}): ${reason}`, code, retryAfterSeconds, options);
    this.reason = reason;
  }
}

/** Bad configuration of the store itself (unknown URL scheme, a store kind not built in): a startup error. */
export class StoreConfigError extends Error {
  override name = 'StoreConfigError';
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

// What the EventIndex keeps of one event: shared with the web app's read model.
export type { IndexedEvent };

/**
 * Where a reader of the change feed is: the catalogue's generation (a new one each time the whole catalogue is
 * replaced, e.g. a reseed, whose stamps may then go back) and the last stamp applied.
 */
export interface FeedCursor {
  generation: string;
  stamp: number;
}

/**
 * One step of the catalogue change feed. Every catalogue write stamps a strictly increasing `updatedAt` (deletions
 * stamp their tombstone the same way): the feed's cursor is the last stamp a reader has applied.
 */
export interface CatalogueChanges {
  /**
   * True when the reader must drop what it holds and rebuild from these rows (the first call with a null cursor, a
   * cursor the store cannot serve a delta from: another generation, a tombstone purged after the cursor's stamp).
   * A rebuild may span several answers: the first has `reset`, the next ones (`complete` false so far) continue it.
   */
  reset: boolean;
  /** Events created or changed after the cursor (current state), or every event when `reset`. */
  events: IndexedEvent[];
  /** Events deleted after the cursor (ignored when `reset`). */
  deletedIds: number[];
  /** The cursor to pass next time: the last stamp covered by this answer. */
  cursor: FeedCursor;
  /** False when the answer was cut at `limit` events: call again at once with `cursor`. */
  complete: boolean;
}

/** The catalogue's change feed, which every replica's EventIndex follows. */
export interface CatalogueFeed {
  /**
   * Changes after `cursor` (null = everything), at most `limit` events per answer (an implementation may return fewer).
   * Rows must be visible in commit order: no row stamped at or below a returned cursor may commit later (PostgreSQL:
   * serialise stamping, or cut the answer below the oldest in-flight stamp).
   */
  changesSince(cursor: FeedCursor | null, limit: number): Promise<CatalogueChanges>;
  /** The last stamp handed out (0 for an empty catalogue): the catalogue's "now" never goes below it. */
  lastUpdatedMs(): Promise<number>;
  /**
   * Calls `listener` synchronously after each write committed through THIS store object (not other processes'), so
   * the local index can catch up before its next query. Returns an unsubscribe function.
   */
  onLocalWrite(listener: () => void): () => void;
}

/**
 * State changes a catalogue delta reports (docs/design.md §4.5), ids ascending, over the whole catalogue: the caller
 * keeps those in the client's location with its EventIndex (the one implementation of the location filter).
 */
export interface CatalogueStateChanges {
  cancelled: number[];
  notAvailable: number[];
  deleted: number[];
}

/** What the catalogue route asks the store besides the page (whose ids the EventIndex chose). */
export interface CataloguePageRequest {
  /** The page's event ids, in order (full JSON, commentaries and performers included). */
  ids: readonly number[];
  /** The client's `lastUpdatedAt`, or null for a snapshot. */
  since: number | null;
  trackAvailabilities: boolean;
  /** Whether to compute the state-change lists (page 1 of a delta only). */
  withStateChanges: boolean;
  /** Tombstones deleted before this instant are purged (retention). */
  tombstoneHorizonMs: number;
}

export type CataloguePageData =
  | { kind: 'page'; items: Buffer[]; changes: CatalogueStateChanges }
  /** A deletion after `since` is no longer on record: the client must resync from a snapshot. */
  | { kind: 'resync-required' };

/** Reads of catalogue records. Event JSON keeps link markers: routes render the caller's tracked links. */
export interface CatalogueReads {
  /** The event's stored JSON fragments, or null when it does not exist or was deleted. */
  getEvent(id: number): Promise<StoredEventJson | null>;
  /** The id of the event with this service id (the lowest, should several share it), or null. */
  findEventIdByServiceId(serviceId: number): Promise<number | null>;
  /**
   * Each event's JSON object in the order of `ids` (missing ids skipped), with the optional parts filled as asked, as
   * UTF-8 bytes (docs/design.md §5: the page is joined from them without decoding). One round trip at most.
   * `versions`, when given, holds each id's `updatedAt` as the caller's EventIndex knows it: a store may answer with a
   * copy of exactly that version it holds, without asking the database (each write draws a new stamp, so a version
   * names one content within a catalogue generation).
   */
  eventJsonByIds(ids: readonly number[], options: EventJsonOptions, versions?: readonly number[]): Promise<Buffer[]>;
  /**
   * The rest of a catalogue page: the page's JSON and, for page 1 of a delta, the state-change lists; purges
   * tombstones older than the horizon first and answers `resync-required` when `since` predates a purged deletion.
   */
  cataloguePage(request: CataloguePageRequest): Promise<CataloguePageData>;
  /**
   * Whether a snapshot walk's next page is worth reading while the current one is sent: true when reads wait on
   * another process (a round trip and the database's own work, which overlap with this process's); false or absent
   * when reads run on this process's thread, where reading ahead would only delay the page in hand.
   */
  readonly readsAhead?: boolean;
  /** A map place with its events, or null when unknown. */
  getMapPlace(mapPlaceId: string): Promise<RecordWithEventsJson | null>;
  /** A performer with their events, or null when unknown. */
  getPerformer(performerId: number): Promise<RecordWithEventsJson | null>;
  /** Whether the catalogue holds nothing yet: no event, place or tombstone. */
  isEmpty(): Promise<boolean>;
}

/**
 * Catalogue writes. Each sets the event's `updatedAt` to `max(clock(), last + 1 ms)`, strictly increasing across all
 * writes of every process (docs/design.md §4.5), and returns that `updatedAt` in ms — or null when the event does not
 * exist (or was deleted). Bad input (an unknown category, a non-finite price) throws a plain Error.
 */
export interface CatalogueWrites {
  /** Creates an event (and its place, map place, performers and partners when new); returns its id. */
  createEvent(input: EventInput): Promise<number>;
  updateEvent(id: number, patch: EventPatch): Promise<number | null>;
  repriceEvent(id: number, prices: RepriceInput): Promise<number | null>;
  cancelEvent(id: number): Promise<number | null>;
  markUnavailable(id: number): Promise<number | null>;
  changeAvailabilities(id: number, change: AvailabilityInput): Promise<number | null>;
  /** Deletes the event, leaving a tombstone for the catalogue sync; returns the deletion stamp. */
  deleteEvent(id: number): Promise<number | null>;
}

/** Random-ish picks the `simulate` command makes its changes from. */
export interface CatalogueSamples {
  /** Partner names, oldest first. */
  partnerNames(): Promise<string[]>;
  /**
   * The first current (`end > nowMs`) event from about `fraction` (0–1) of the id range, wrapping to the lowest; null
   * when there is none.
   */
  currentEventAt(fraction: number, nowMs: number): Promise<number | null>;
  /** A place at about `fraction` (0–1) of the id range, or null when there is none. */
  placeAt(fraction: number): Promise<(PlaceInput & { id: number; mapId: string | null }) | null>;
  /** The source ids of an event, ascending. */
  sourceIds(eventId: number): Promise<number[]>;
}

// ---------------------------------------------------------------------------------------------------------------
// Search, clicks, images

/** The three searches (docs/design.md §4.6) and their maintenance. */
export interface SearchStore {
  /** The map place best matching `name` near the point, or null. */
  searchPlace(name: string, point: { lng: number; lat: number }): Promise<RecordWithEventsJson | null>;
  /** The performer whose identity confidently matches `name` and who has an event, or null. */
  searchPerformer(name: string): Promise<RecordWithEventsJson | null>;
  /** Combined search-bar results, best first. */
  search(params: SearchParams): Promise<TSearchItem[]>;
  /** Compacts the search indexes after a bulk load (a no-op where nothing needs it). */
  optimize(): Promise<void>;
}

export interface ClickStore {
  /** Records a click on a source's tracked link (at `input.atMs`, default now); null when the source is gone. */
  recordClick(input: ClickInput): Promise<RecordedClick | null>;
  /** Records many clicks at once (one transaction; the demo history); returns how many sources still existed. */
  recordClicks(inputs: readonly ClickInput[]): Promise<number>;
  /** One page of a client's clicks, oldest first. */
  listClicks(params: ListClicksParams): Promise<ClicksPage>;
  /** Whether any of these clients has a click. */
  hasClicks(clientIds: readonly string[]): Promise<boolean>;
}

/** What a generated image shows, from the record it belongs to (partner-api/images/image-info.ts). */
export type ImageSubject =
  | { kind: 'event'; name: string; city: string; categoryMask: number }
  | { kind: 'place'; name: string; city: string }
  | { kind: 'performer'; name: string }
  | { kind: 'partner'; name: string; backColor: string };

export interface ImageStore {
  /** The record an image URL refers to, or null when unknown. */
  imageSubject(kind: ImageSubject['kind'], id: number): Promise<ImageSubject | null>;
}

// ---------------------------------------------------------------------------------------------------------------
// Auth

export interface ClientRecord {
  id: string;
  createdMs: number;
  disabled: boolean;
}

export interface RefreshTokenRecord {
  familyId: string;
  clientId: string;
  expiresMs: number;
  usedMs: number | null;
  /** The family's revocation time, or null while it is valid. */
  revokedMs: number | null;
}

/** Partner clients, login families, refresh tokens and the service's root secret (docs/design.md §4.2). */
export interface AuthStore {
  /** Inserts a client; false when the id exists. */
  createClient(id: string, secretHash: string, createdMs: number): Promise<boolean>;
  /** Every client, oldest first. */
  listClients(): Promise<ClientRecord[]>;
  /** The secret hash of an enabled client, or null (unknown or disabled). */
  activeClientSecretHash(id: string): Promise<string | null>;
  /** Whether the client exists (enabled or not). */
  clientExists(id: string): Promise<boolean>;
  createFamily(familyId: string, clientId: string, createdMs: number): Promise<void>;
  insertRefreshToken(hash: string, familyId: string, createdMs: number, expiresMs: number): Promise<void>;
  findRefreshToken(hash: string): Promise<RefreshTokenRecord | null>;
  /** Marks a refresh token used; false when it was already used (single use holds under concurrency). */
  markRefreshTokenUsed(hash: string, usedMs: number): Promise<boolean>;
  /** Revokes a family (idempotent; the first revocation time is kept). */
  revokeFamily(familyId: string, nowMs: number): Promise<void>;
  /** Whether a family is revoked; null when unknown (e.g. the database was reset). */
  isFamilyRevoked(familyId: string): Promise<boolean | null>;
  /** Deletes refresh tokens that expired before `horizonMs`, then families created before it with none left. */
  purgeTokens(horizonMs: number): Promise<void>;
  /** Login families not revoked that still hold an unused refresh token valid at `nowMs` (a metric, not a rule). */
  countActiveFamilies(nowMs: number): Promise<number>;
  /**
   * The root secret stored under `name`: `candidate` is stored when none exists yet, and whichever is stored wins, so
   * replicas starting together agree on one.
   */
  sharedSecret(name: string, candidate: string): Promise<string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding (bulk loads)

/** A place with the map place it belongs to (by id), for a bulk load. */
export interface SeedPlaceInput {
  place: PlaceInput & { id: number };
  mapPlaceId: string | null;
}

/**
 * One bulk load: inputs resolved to records in batches (SQLite: prepared statements in a transaction; PostgreSQL:
 * COPY), then events written as records the seed built itself (stamps and ids included). Nothing is visible to
 * readers before `commit`; `abort` (or a crash) leaves the catalogue as it was.
 */
export interface SeedSession {
  addMapPlaces(inputs: readonly MapPlaceInput[]): Promise<MapPlaceRecord[]>;
  addPlaces(inputs: readonly SeedPlaceInput[]): Promise<PlaceRecord[]>;
  addPerformers(inputs: readonly PerformerInput[]): Promise<PerformerRecord[]>;
  /** Every partner (the built-in ones exist from the first migration). */
  partners(): Promise<PartnerRecord[]>;
  /** Writes events (their sources, links, commentaries, search entries) exactly as given. */
  addEvents(records: readonly EventRecord[]): Promise<void>;
  /**
   * The store's ingestion operations inside this load (docs/ingestion.md "The demo seed"): the demo seed's events
   * enter through them, so they are all or nothing with the rest of the load. Stamps they draw are not kept (commit).
   */
  readonly ingest: SeedIngest;
  /**
   * Rewrites events already written in this load (by `ingest`) exactly as given, every row they own replaced: the
   * demo seed's enrichment step, which adds what no partner feed carries (ids kept, stamps, commentaries, grades…).
   */
  enrichEvents(records: readonly EventRecord[]): Promise<void>;
  /**
   * Makes the load visible: records `maxEventId`, and `lastUpdatedMs` as the last stamp (or the one before the load
   * if later: stamps never go back), so later writes go on from them.
   */
  commit(marks: { lastUpdatedMs: number; maxEventId: number }): Promise<void>;
  /** Drops everything added. */
  abort(): Promise<void>;
}

/** The ingestion operations a bulk load offers (partner-api/ingest/import.ts's IngestWriter). */
export type SeedIngest = Pick<IngestStore, 'sourcesByRefs' | 'sourcesByEvents' | 'sourcesByMatchKeys' | 'applyBatch'>;

export interface SeedingStore {
  /** Starts a bulk load; with `reset`, the new catalogue replaces the current one at commit, else it must be empty. */
  beginSeed(options: { reset: boolean }): Promise<SeedSession>;
  /** Every source with its event's start, ordered by start then id (the demo click history picks from them). */
  sourceStarts(): Promise<Array<{ id: number; startMs: number }>>;
}

// ---------------------------------------------------------------------------------------------------------------
// Health and lifecycle

export interface HealthStore {
  /** A cheap read; rejects with a StorageError when the store cannot serve reads. */
  probeRead(): Promise<void>;
  /** A tiny write; rejects with a StorageError when the store cannot write. */
  probeWrite(nowMs: number): Promise<void>;
}

export type StoreKind = 'sqlite' | 'postgres';

/** The whole port. */
export interface Store {
  readonly kind: StoreKind;
  /** Where the store is, for logs: a file path, or a URL without its password. */
  readonly location: string;
  readonly catalogue: CatalogueReads & CatalogueWrites;
  readonly feed: CatalogueFeed;
  readonly samples: CatalogueSamples;
  readonly search: SearchStore;
  readonly clicks: ClickStore;
  readonly images: ImageStore;
  readonly auth: AuthStore;
  readonly seeding: SeedingStore;
  /** Source records of ticketing partners and their import batches (docs/ingestion.md). */
  readonly ingest: IngestStore;
  readonly health: HealthStore;
  /** PostgreSQL: the connection pool's counts, read by the metrics (undefined for SQLite, which has no pool). */
  readonly pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** Applies pending migrations (openStore does it unless told not to). */
  migrate(): Promise<void>;
  /** Closes connections; the store is unusable after. */
  close(): Promise<void>;
}
