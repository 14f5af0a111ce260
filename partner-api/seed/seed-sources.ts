import { ZSourceRecordSchema, type TSourceRecord } from '@/lib/contract/ingest';
import { ingestSources, type IngestCounts, type IngestedEvent } from '@/partner-api/ingest/import';
import { venueKey } from '@/partner-api/ingest/match';
import { resolveRecord, type IngestPartner, type ResolvedSource } from '@/partner-api/ingest/resolve';
import { CATEGORY_BY_ID } from '@/partner-api/store/catalogue-data';
import { categoryIdsOf } from '@/partner-api/store/model/derive';
import type { IngestBatch } from '@/partner-api/store/ingest/types';
import type { EventRecord, PerformerRecord, PlaceRecord } from '@/partner-api/store/model/records';
import type { SeedSession } from '@/partner-api/store/port';
import { foldText } from '@/partner-api/search/normalize';

/*
 * The demo seed through the ingestion path (docs/ingestion.md "The demo seed"). Every source of a generated event is
 * what its partner "says" about the event: a source record (ZSourceRecordSchema), resolved like an imported one and
 * handed to the ingestion core (ingestSources: records → matching → the derived event → the store's ingest batch),
 * which writes the event. Then the enrichment step (enrichSeededEvents) adds what no partner feed carries — the seed's
 * stamps, commentaries, trending score, per-source grades and availability slots, which of two homonymous venues or
 * performers it is… — by rewriting each event as the seed generated it, once ingestion's own part is checked to be
 * the same. Both steps run inside the seed's one bulk load (SeedSession), so a seed killed half-way leaves nothing.
 */

/** The partner's own id of a seeded event: the event's id (one source per partner and event in the seed). */
export const seedRef = (eventId: number): string => `seed-${eventId}`;

/**
 * What every partner's record of a seeded event names it by (the records' `sameAs`): the seed's events are told apart
 * by it, never by the matching rule, which would merge two generated events sharing venue, start and title.
 */
export const seedSameAs = (eventId: number): string => `urn:eventmap:seed:${eventId}`;

const iso = (ms: number) => new Date(ms).toISOString();

function categoryKeys(ids: readonly number[]): string[] {
  const keys: string[] = [];
  for (const id of ids) {
    const category = CATEGORY_BY_ID.get(id);
    if (category)
      keys.push(category.subCategory ? `${category.mainCategory}/${category.subCategory}` : category.mainCategory);
  }
  return keys;
}

/** The source records of one seeded event, one per source, in the event's source order (the first one names it). */
export function seedSourceRecords(event: EventRecord): Array<{ partner: string; record: TSourceRecord }> {
  const { place, mapPlace } = event;
  return event.sources.map((source) => {
    const record: TSourceRecord = {
      id: seedRef(event.id),
      name: event.name,
      description: event.description,
      dates: [{ start: iso(event.startMs), end: iso(event.endMs) }],
      timeZone: event.timeZone,
      venue: {
        name: place.name,
        ...(place.street ? { street: place.street } : {}),
        ...(place.postalCode ? { postalCode: place.postalCode } : {}),
        city: place.city,
        ...(place.country ? { country: place.country } : {}),
        lat: place.lat,
        lng: place.lng,
        ...(mapPlace ? { mapPlaceId: mapPlace.id } : {}),
      },
      lowestPrice: source.lowestPrice,
      highestPrice: source.highestPrice,
      link: source.link,
      isGoodDeal: source.isGoodDeal,
      commission: {
        fix: source.commissionFix,
        perTicket: source.commissionPerTicket,
        perCart: source.commissionPerCart,
        rate: source.commissionRate,
      },
      performers: event.performers.map((p) => p.name),
      categories: categoryKeys(event.categoryIds),
      ...(event.cancelledMs !== null
        ? { status: 'cancelled' as const }
        : source.notAvailableMs !== null
          ? { status: 'soldOut' as const }
          : {}),
      sameAs: seedSameAs(event.id),
    };
    return { partner: source.partner.name, record: ZSourceRecordSchema.parse(record) };
  });
}

/** Partners as the seed resolves their records: their terms are on every record, the zone on every record too. */
const seedPartner = (name: string, timeZone: string): IngestPartner => ({
  name,
  timeZone,
  commissionFix: 0,
  commissionPerTicket: 0,
  commissionPerCart: 0,
  commissionRate: 0,
});

/** The resolved records of seeded events, event after event (the order ingestion gives new events their ids in). */
export function seedSources(events: readonly EventRecord[]): ResolvedSource[] {
  return events.flatMap((event) =>
    seedSourceRecords(event).map(({ partner, record }) => resolveRecord(seedPartner(partner, event.timeZone), record)),
  );
}

/**
 * The seeded places and performers under the keys ingestion looks venues and artists up by, so that the seed's records
 * (and any record a partner sends later) land on them instead of new ones (the first seeded, for a name two share).
 */
export function seedLinks(places: readonly PlaceRecord[], performers: readonly PerformerRecord[]): IngestBatch {
  return {
    events: [],
    upserts: [],
    removals: [],
    links: {
      venues: places.map((place) => ({ venueKey: venueKey(place.name, place.city), placeId: place.id })),
      performers: performers.map((performer) => ({
        nameKey: foldText(performer.name).replace(/\s+/g, ' ').trim(),
        performerId: performer.id,
      })),
    },
  };
}

/** Thrown when ingestion made of a seeded event something else than the seed generated (a bug on either side). */
export class SeedIngestionMismatch extends Error {
  override name = 'SeedIngestionMismatch';
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What ingestion derived from an event's records that differs from the generated event, or null when nothing does. */
function mismatch(event: EventRecord, written: IngestedEvent | undefined): string | null {
  if (!written) return 'no event written';
  const { input } = written;
  if (!written.created || written.eventId !== event.id) return `written as event ${written.eventId}`;
  if (input.name !== event.name || input.description !== event.description) return 'name or description';
  if (input.startMs !== event.startMs || input.endMs !== event.endMs) return 'dates';
  if (input.place.name !== event.place.name || input.place.city !== event.place.city) return 'venue';
  const categories = [...categoryIdsOf(input.categories)].sort((a, b) => a - b);
  if (
    !sameList(
      categories,
      [...event.categoryIds].sort((a, b) => a - b),
    )
  )
    return 'categories';
  if (
    !sameList(
      input.performers,
      event.performers.map((p) => p.name),
    )
  )
    return 'performers';
  if (input.cancelled !== (event.cancelledMs !== null)) return 'cancellation';
  if (!input.cancelled && input.soldOut !== (event.notAvailableMs !== null)) return 'availability';
  if (input.sources.length !== event.sources.length) return 'number of sources';
  for (const [i, s] of event.sources.entries()) {
    const t = input.sources[i];
    if (
      !t ||
      t.partner !== s.partner.name ||
      t.link !== s.link ||
      t.lowestPrice !== s.lowestPrice ||
      t.highestPrice !== s.highestPrice ||
      t.isGoodDeal !== s.isGoodDeal ||
      t.commissionFix !== s.commissionFix ||
      t.commissionPerTicket !== s.commissionPerTicket ||
      t.commissionPerCart !== s.commissionPerCart ||
      t.commissionRate !== s.commissionRate
    )
      return `source ${i + 1}`;
  }
  return null;
}

/**
 * Brings one batch of generated events in through the ingestion path, then enriches them. Every event must come out
 * of ingestion as a new event with the generated id and the same ingestion-derived values (name, dates, venue,
 * categories, performers, state, each source's partner, link, prices and terms), or the seed fails: the enrichment
 * only adds what ingestion cannot know. Returns the number of source records ingested.
 */
export async function ingestSeededEvents(session: SeedSession, events: readonly EventRecord[]): Promise<number> {
  const sources = seedSources(events);
  const counts: IngestCounts = { created: 0, merged: 0, updated: 0, unchanged: 0 };
  const written = await ingestSources(session.ingest, sources, counts);
  if (counts.created !== events.length || written.length !== events.length) {
    throw new SeedIngestionMismatch(
      `Ingestion made ${counts.created} events of ${events.length} seeded ones (${counts.merged} records merged, ` +
        `${counts.updated} updated, ${counts.unchanged} unchanged).`,
    );
  }
  for (const [i, event] of events.entries()) {
    const wrong = mismatch(event, written[i]);
    if (wrong) throw new SeedIngestionMismatch(`Seeded event ${event.id}: ingestion made another ${wrong}.`);
  }
  await enrichSeededEvents(session, events);
  return sources.length;
}

/**
 * The enrichment step: what the seed knows of its events and no partner feed carries (service id, stamps,
 * commentaries, trending score, per-source grades, availability slots and sold-out dates, image presence, unreliable
 * end dates, which of two homonymous venues or performers), written over the events ingestion made.
 */
export function enrichSeededEvents(session: SeedSession, events: readonly EventRecord[]): Promise<void> {
  return session.enrichEvents(events);
}
