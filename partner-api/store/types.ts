import { eventJsonPieces } from './event-json';

/**
 * The catalogue's input types (what a write is given) and its stored JSON: shared by the storage port (./port.ts)
 * and every store implementation.
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
  return eventJsonPieces(
    stored.body,
    options.commentaries ? stored.commentaries : null,
    options.performers ? stored.performers : null,
    (text) => text,
  ).join('');
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
