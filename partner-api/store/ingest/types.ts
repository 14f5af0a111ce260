import type { MapPlaceInput, PlaceInput, SourceInput } from '../types';

/*
 * The storage port's ingestion part (docs/ingestion.md): source records kept per (partner, partner's id), the event
 * each one belongs to, and one atomic write per import batch.
 */

/** One stored source record. `data` is the resolved record as JSON (partner-api/ingest/resolve.ts). */
export interface IngestSourceRow {
  partner: string;
  ref: string;
  eventId: number;
  hash: string;
  data: string;
  startMs: number;
  endMs: number;
}

/** A stored record's matching key (its start hour and its venue's ~1 km cell), written with it. */
export interface IngestMatchKey {
  matchKey: string;
}

/** A ticketing partner's ingestion settings (its `partners` row plus commission terms and time zone). */
export interface IngestPartnerRow {
  name: string;
  /** Logo URL or service path; when saving, empty = the generated logo (new partner) or the current one. */
  logo: string;
  backColor: string;
  timeZone: string;
  commissionFix: number;
  commissionPerTicket: number;
  commissionPerCart: number;
  commissionRate: number;
}

/** One source of an ingested event: the store keeps its id across writes (by partner: one source per partner). */
export type IngestSourceInput = Omit<SourceInput, 'id' | 'notAvailableMs'> & { soldOut: boolean };

/**
 * An event as its source records make it. The store resolves `venueKey` to the place it created for that venue the
 * first time (and performer names to performers), and stamps `cancelledAt`/`notAvailableAt` when the state begins
 * (an event that stays cancelled keeps its first date).
 */
export interface IngestEventInput {
  name: string;
  description: string;
  startMs: number;
  endMs: number;
  hasEndDateNotReliable: boolean;
  place: PlaceInput & { venueKey: string };
  mapPlace: MapPlaceInput | null;
  categories: string[];
  performers: string[];
  sources: IngestSourceInput[];
  cancelled: boolean;
  soldOut: boolean;
}

/** A write of one event: create (`eventId` null), rewrite, or delete (`input` null). */
export type IngestEventWrite =
  { key: string; eventId: number | null; input: IngestEventInput } | { key: string; eventId: number; input: null };

/** One import batch: applied in one transaction, or not at all. */
export interface IngestBatch {
  events: IngestEventWrite[];
  /** Source rows to insert or replace; `eventKey` names one of `events` or an existing event (`id:<n>`). */
  upserts: Array<Omit<IngestSourceRow, 'eventId'> & IngestMatchKey & { eventKey: string }>;
  removals: Array<{ partner: string; ref: string }>;
  /**
   * Places and performers that already exist (the demo seed's), under the venue key and performer name key the next
   * records will look them up by; a key already known keeps its place or performer.
   */
  links?: {
    venues: Array<{ venueKey: string; placeId: number }>;
    performers: Array<{ nameKey: string; performerId: number }>;
  };
}

export interface IngestStore {
  /** The partner's ingestion settings, or null when no partner has this name. */
  partner(name: string): Promise<IngestPartnerRow | null>;
  /** Registers or updates a partner (its `partners` row and terms); true when it was new. */
  savePartner(partner: IngestPartnerRow): Promise<boolean>;
  sourcesByRefs(partner: string, refs: readonly string[]): Promise<IngestSourceRow[]>;
  /** Every stored record of these events, by event then in the order they joined it. */
  sourcesByEvents(eventIds: readonly number[]): Promise<IngestSourceRow[]>;
  /** Stored records with one of these matching keys (partner-api/ingest/match.ts `matchKeys`): the candidates. */
  sourcesByMatchKeys(keys: readonly string[]): Promise<IngestSourceRow[]>;
  /** The partner's records whose event ends after `ms`. */
  partnerRefsEndingAfter(partner: string, ms: number): Promise<Array<{ ref: string; eventId: number }>>;
  /** Records an ingest API key (its SHA-256, base64url) for a partner. */
  addKey(partner: string, keyHash: string, createdMs: number): Promise<void>;
  /** The partner an ingest API key belongs to, or null. */
  partnerOfKey(keyHash: string): Promise<string | null>;
  /** Applies a batch atomically; returns the id of each written event by key. */
  applyBatch(batch: IngestBatch): Promise<Map<string, number>>;
}
