import type { CataloguePage, CatalogueQuery, EventsPage, EventsQuery } from './events-query';
import type { SearchReads } from './search-types';

/**
 * The storage seam (docs/design.md §2, rule 5): routes talk to these interfaces only, so a PostgreSQL implementation
 * can be added later and pass the same contract tests. SQLite implementations live in ./sqlite, one operation a file.
 *
 * Event JSON is stored pre-serialized (docs/design.md §5): `body` is the full Event object without `commentaries` and
 * `performers` and without its closing brace; `commentaries` and `performers` are JSON arrays. Links inside
 * `body` are markers (partner-api/links/link-marker.ts) that the route swaps for the client's tracked links.
 */
export interface StoredEventJson {
  body: string;
  commentaries: string;
  performers: string;
}

/** Which optional parts of an event to fill. */
export interface EventJsonOptions {
  commentaries: boolean;
  performers: boolean;
}

/** Joins stored fragments into one Event JSON object (still with link markers). */
export function assembleEventJson(stored: StoredEventJson, options: EventJsonOptions): string {
  return (
    stored.body +
    ',"commentaries":' +
    (options.commentaries ? stored.commentaries : '[]') +
    ',"performers":' +
    (options.performers ? stored.performers : '[]') +
    '}'
  );
}

/** Opening period of a map place: day 0 = Sunday … 6 = Saturday, time `hhmm` (docs/design.md §4.8). */
export interface PeriodInput {
  open: { day: number; time: string };
  close: { day: number; time: string };
}

/** A place as a ticketing partner gives it. With only `id`, an existing place is reused. */
export interface PlaceInput {
  /** Reuses the place with this id when it exists, else creates it with this id. */
  id?: number;
  name: string;
  lng: number;
  lat: number;
  street: string;
  city: string;
  postalCode: string;
  /** Short country code; default `FR`. */
  country?: string;
  /** IANA time zone of the place; default `Europe/Paris`. */
  timeZone?: string;
  averageGrade?: number;
  totalGrades?: number;
}

/** A map place (the spec's googlePlace); reused as is when one with the same id exists. */
export interface MapPlaceInput {
  id: string;
  name: string;
  lng: number;
  lat: number;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
  /** Formatted address; default built from street, postal code and city. */
  address?: string;
  averageGrade?: number | null;
  totalGrades?: number | null;
  photoRef?: string | null;
  website?: string | null;
  editorialSummary?: string | null;
  timeZone?: string;
  periods?: PeriodInput[];
}

/** One date range of a source's availability. */
export interface AvailableDateInput {
  startMs: number;
  endMs: number;
  hasEndDateNotReliable?: boolean;
  hasUnknownAvailability?: boolean;
}

/** A ticketing partner's offer for an event. */
export interface SourceInput {
  /** Source id; default the next free one. */
  id?: number;
  /** Partner name; an unknown name creates the partner. */
  partner: string;
  /** Default: the event's dates. */
  startMs?: number;
  endMs?: number;
  lowestPrice: number | null;
  highestPrice: number | null;
  isGoodDeal?: boolean;
  commissionFix?: number;
  commissionPerTicket?: number;
  commissionPerCart?: number;
  commissionRate?: number;
  /** The partner's real ticketing URL (the service redirects tracked links there). */
  link: string;
  isBookable?: boolean;
  availableDates?: AvailableDateInput[];
  averageGrade?: number;
  totalGrades?: number;
  cantRetrieveAvailableDates?: boolean;
  notAvailableMs?: number | null;
}

/** A performer; an existing id is reused as is, else the performer is created. */
export interface PerformerInput {
  id?: number;
  name: string;
  description?: string;
  /** Whether the performer's identity is confidently confirmed (performer search needs it). Default true. */
  identityConfirmed?: boolean;
  /** Whether the service generates images for the performer. Default true. */
  withImages?: boolean;
}

export interface CommentaryInput {
  grade: number;
  content: string;
  username: string;
  dateMs: number;
}

/** Everything needed to create an event. Prices default to the range of its sources' known prices. */
export interface EventInput {
  /** Event id; default the next free one. */
  id?: number;
  /** Id in the service's own app; default the event id. */
  serviceId?: number;
  name: string;
  description: string;
  startMs: number;
  endMs: number;
  hasEndDateNotReliable?: boolean;
  /** `undefined` = derived from the sources; `null` = unknown. */
  lowestPrice?: number | null;
  highestPrice?: number | null;
  /** Default: true when any source is a good deal. */
  hasGoodDeal?: boolean;
  /** Whether the service generates images for the event. Default true. */
  withImages?: boolean;
  place: PlaceInput;
  mapPlace?: MapPlaceInput | null;
  /** Category keys: `musique` (main) or `musique/jazz` (sub; its main category is added too). */
  categories?: string[];
  sources?: SourceInput[];
  performers?: PerformerInput[];
  commentaries?: CommentaryInput[];
  trendingScore?: number;
  cancelledMs?: number | null;
  notAvailableMs?: number | null;
}

/** What `updateEvent` may change; absent members stay as they are, arrays replace the current ones. */
export type EventPatch = Partial<
  Pick<
    EventInput,
    | 'name'
    | 'description'
    | 'startMs'
    | 'endMs'
    | 'hasEndDateNotReliable'
    | 'place'
    | 'mapPlace'
    | 'categories'
    | 'sources'
    | 'performers'
    | 'commentaries'
    | 'trendingScore'
  >
>;

/** New prices of an event; they apply to the event and to every one of its sources. */
export interface RepriceInput {
  lowestPrice: number | null;
  highestPrice: number | null;
  /** Default: unchanged. */
  isGoodDeal?: boolean;
}

/** New availabilities of one source (or, without `sourceId`, of every source of the event). */
export interface AvailabilityInput {
  sourceId?: number;
  availableDates: AvailableDateInput[];
  cantRetrieveAvailableDates?: boolean;
}

/**
 * Catalogue reads and writes. Every write sets the event's `updatedAt` to `max(clock(), last + 1 ms)`, strictly
 * increasing across all writes (docs/design.md §4.5), and returns that new `updatedAt` in ms — or `null` when the event
 * does not exist (or was deleted). Read operations of the events query, catalogue and searches are added next to these.
 */
export interface EventStore extends SearchReads {
  /** The event's JSON fragments, or null when it does not exist or was deleted. */
  getEvent(id: number): StoredEventJson | null;
  /** The id of the event with this service id (the lowest, should several share it), or null when none exists. */
  findEventIdByServiceId(serviceId: number): number | null;
  /** Creates an event (and its place, map place, performers and partners when new); returns its id. */
  createEvent(input: EventInput): number;
  /** Changes some of an event's fields. */
  updateEvent(id: number, patch: EventPatch): number | null;
  /** Sets the event's prices (and its sources'). */
  repriceEvent(id: number, prices: RepriceInput): number | null;
  /** Marks the event cancelled now (no-op on the marker if already cancelled, but still a write). */
  cancelEvent(id: number): number | null;
  /** Marks the event (and its sources) unavailable now: sold out or no more availability. */
  markUnavailable(id: number): number | null;
  /** Replaces a source's available dates; advances updatedAt like any write (the sync keys on it). */
  changeAvailabilities(id: number, change: AvailabilityInput): number | null;
  /** Deletes the event, leaving a tombstone for the catalogue sync; returns the deletion time. */
  deleteEvent(id: number): number | null;
  /** `POST /v2/get/events`: the exact count of matching events and one page of their JSON (docs/design.md §4.4, §5). */
  findEvents(query: EventsQuery): EventsPage;
  /**
   * `POST /v2/get/catalogue` at time `nowMs`: a snapshot or the changes since `query.since` (docs/design.md §4.5), or
   * `resync-required` when `since` predates the tombstone retention.
   */
  getCatalogue(query: CatalogueQuery, nowMs: number): CataloguePage | 'resync-required';
  /** Closes the underlying connection. */
  close(): void;
}
