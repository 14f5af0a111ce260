import { ZSourceRecordSchema, type TSourceRecord } from '@/lib/contract/ingest';
import { sourceRowOf } from '@/partner-api/ingest/import';
import { resolveRecord, type IngestPartner } from '@/partner-api/ingest/resolve';
import { CATEGORY_BY_ID } from '@/partner-api/store/catalogue-data';
import type { IngestBatch, IngestStore } from '@/partner-api/store/ingest/types';
import type { EventRecord, PerformerRecord, PlaceRecord } from '@/partner-api/store/model/records';
import { foldText } from '@/partner-api/search/normalize';
import { venueKey } from '@/partner-api/ingest/match';

/*
 * The demo seed's source records (docs/ingestion.md "The demo seed"): every source of a seeded event is also what its
 * partner "says" about the event, as a source record of the ingestion path (ZSourceRecordSchema, resolved like an
 * imported one), kept by (partner, partner's id) under that event. The event itself is written by the bulk load
 * exactly as generated (ids, stamps, commentaries, grades: what no partner feed carries); from then on, ingestion owns
 * it: `simulate` and any partner import change it through these records, and a partner's later record for the same
 * id updates it instead of creating a second event.
 */

/** The partner's own id of a seeded event: the event's id (one source per partner and event in the seed). */
export const seedRef = (eventId: number): string => `seed-${eventId}`;

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

/** Rows of seeded events for the ingestion store: each event's records under that event (`id:<event id>`). */
export function seedSourceRows(events: readonly EventRecord[]): IngestBatch['upserts'] {
  return events.flatMap((event) =>
    seedSourceRecords(event).map(({ partner, record }) =>
      sourceRowOf(resolveRecord(seedPartner(partner, event.timeZone), record), `id:${event.id}`),
    ),
  );
}

/**
 * Writes the rows through the ingestion store's batch apply (no event is written: the bulk load wrote them), with the
 * seeded places and performers under the keys ingestion looks venues and artists up by, so a record rewritten or
 * added later lands on the seeded place and performer (the first one seeded, for a name two share).
 */
export async function registerSeedSources(
  ingest: IngestStore,
  rows: IngestBatch['upserts'],
  refs: { places: readonly PlaceRecord[]; performers: readonly PerformerRecord[] },
): Promise<void> {
  const BATCH = 2_000;
  await ingest.applyBatch({
    events: [],
    upserts: [],
    removals: [],
    links: {
      venues: refs.places.map((place) => ({ venueKey: venueKey(place.name, place.city), placeId: place.id })),
      performers: refs.performers.map((performer) => ({
        nameKey: foldText(performer.name).replace(/\s+/g, ' ').trim(),
        performerId: performer.id,
      })),
    },
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    await ingest.applyBatch({ events: [], upserts: rows.slice(i, i + BATCH), removals: [] });
  }
}
