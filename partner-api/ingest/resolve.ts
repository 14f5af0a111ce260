import { createHash } from 'node:crypto';
import type { TSourceRecord } from '@/lib/contract/ingest';
import { mapCategories } from './categories';
import { isTimeZone, parseIsoInZone } from './dates';
import { venueKey, type MatchView } from './match';

/** A ticketing partner as ingestion knows it: its commission terms and the zone of its floating dates. */
export interface IngestPartner {
  name: string;
  timeZone: string;
  commissionFix: number;
  commissionPerTicket: number;
  commissionPerCart: number;
  commissionRate: number;
}

export const DEFAULT_PARTNER_TIME_ZONE = 'Europe/Paris';

/** Events whose end is unknown last this long (a date alone: the whole day). */
const DEFAULT_DURATION_MS = 2 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/**
 * A source record read for ingestion: dates as instants, categories mapped, commission terms settled, and a hash of
 * all of it (the upsert compares hashes: an unchanged record is not written at all). This is what the store keeps
 * per (partner, partner's id), as JSON.
 */
export interface ResolvedSource {
  partner: string;
  ref: string;
  hash: string;
  record: TSourceRecord;
  dates: Array<{ startMs: number; endMs: number; endUnknown: boolean }>;
  /** First start and last end. */
  startMs: number;
  endMs: number;
  lng: number;
  lat: number;
  categories: string[];
  commission: { fix: number; perTicket: number; perCart: number; rate: number };
  /** The record's time zone (its own, else its partner's): the venue's. */
  zone: string;
  /** The zone when some date had no offset (read in it), else null. */
  floatingZone: string | null;
}

export class RecordError extends Error {
  override name = 'RecordError';
}

/** Reads a valid record (per its zod schema) for `partner`; throws RecordError for what the schema cannot check. */
export function resolveRecord(partner: IngestPartner, record: TSourceRecord): ResolvedSource {
  const zone = record.timeZone ?? partner.timeZone;
  if (!isTimeZone(zone)) throw new RecordError(`unknown time zone "${zone}"`);
  let floating = false;
  const dates = record.dates.map((d, i) => {
    const start = parseIsoInZone(d.start, zone);
    if (!start) throw new RecordError(`dates[${i}].start is not a valid date`);
    const end = d.end === undefined ? null : parseIsoInZone(d.end, zone);
    if (d.end !== undefined && !end) throw new RecordError(`dates[${i}].end is not a valid date`);
    floating ||= start.floating || Boolean(end?.floating);
    const endMs = end
      ? end.dateOnly
        ? end.ms + DAY_MS - 1
        : end.ms
      : start.ms + (start.dateOnly ? DAY_MS - 1 : DEFAULT_DURATION_MS);
    if (endMs < start.ms) throw new RecordError(`dates[${i}] ends before it starts`);
    return { startMs: start.ms, endMs, endUnknown: !end && !start.dateOnly };
  });
  dates.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const { lng, lat } = record.venue;
  if (lng === undefined || lat === undefined) {
    throw new RecordError('venue has no coordinates (lat and lng) and no map place provider is configured');
  }
  const low = record.lowestPrice ?? null;
  const high = record.highestPrice ?? null;
  if (low !== null && high !== null && low > high) throw new RecordError('lowestPrice is above highestPrice');
  const commission = {
    fix: record.commission?.fix ?? partner.commissionFix,
    perTicket: record.commission?.perTicket ?? partner.commissionPerTicket,
    perCart: record.commission?.perCart ?? partner.commissionPerCart,
    rate: record.commission?.rate ?? partner.commissionRate,
  };
  const resolved: Omit<ResolvedSource, 'hash'> = {
    partner: partner.name,
    ref: record.id,
    record,
    dates,
    startMs: (dates[0] as { startMs: number }).startMs,
    endMs: Math.max(...dates.map((d) => d.endMs)),
    lng,
    lat,
    categories: mapCategories(record.categories ?? []),
    commission,
    zone,
    floatingZone: floating ? zone : null,
  };
  const hash = createHash('sha256').update(JSON.stringify(resolved)).digest('base64url').slice(0, 22);
  return { ...resolved, hash };
}

/** What the matching rule compares of a resolved record. */
export function matchViewOf(source: ResolvedSource): MatchView {
  return {
    name: source.record.name,
    startMs: source.startMs,
    venueName: source.record.venue.name,
    city: source.record.venue.city,
    lng: source.lng,
    lat: source.lat,
    mapPlaceId: source.record.venue.mapPlaceId ?? null,
    performers: source.record.performers ?? [],
    sameAs: source.record.sameAs ?? null,
  };
}

export function venueKeyOf(source: ResolvedSource): string {
  return venueKey(source.record.venue.name, source.record.venue.city);
}
