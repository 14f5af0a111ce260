import type { TClick, TSearchType } from '@/lib/contract';
import type { StoredEventJson } from './types';

/**
 * Types of the searches, place and performer records, and clicks (their operations are in ./port.ts).
 *
 * Record endpoints (map place, performer, and the place/performer searches) embed at most
 * `RECORD_EVENTS_LIMIT` events: upcoming and running ones first, soonest first, then past ones, most recent
 * first. Their JSON still holds link markers: the route renders the caller's tracked links.
 */
export const RECORD_EVENTS_LIMIT = 100;

/** A record (MapPlace or Performer JSON object, without `events`) and its events' stored JSON. */
export interface RecordWithEventsJson {
  /** The record's JSON object, complete (`{...}`); the route appends `events`. */
  record: string;
  events: StoredEventJson[];
}

/** Input of the combined search (GET /v2/search). */
export interface SearchParams {
  text: string;
  point: { lng: number; lat: number } | null;
  types: readonly TSearchType[];
  limit: number;
}

/** A click to record after a tracked link was followed. */
export interface ClickInput {
  clientId: string;
  sourceId: number;
  /** The tracked link that was followed. */
  link: string;
  /** When it was followed (ms); default the store's clock. */
  atMs?: number;
}

/** Result of recording a click: where to send the browser. */
export interface RecordedClick {
  /** The ticketing partner's real link. */
  redirectTo: string;
}

export interface ListClicksParams {
  clientId: string;
  /** Only clicks strictly after this instant (ms). */
  afterMs: number | null;
  limit: number;
  pageNumber: number;
}

export interface ClicksPage {
  clicks: TClick[];
  totalItems: number;
}
