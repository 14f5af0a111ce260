import { cleanText } from '@/partner-api/links/link-marker';
import type { IngestEventInput } from '../ingest/types';
import { assertDates, categoryIdsOf, derivePrices, imagePath } from './derive';
import type { EventRecord, MapPlaceRecord, PerformerRecord, PlaceRecord, SourceRecord } from './records';

/** The rows an ingested event refers to, found or created by the store. */
export interface IngestRefs {
  mapPlace: MapPlaceRecord | null;
  place: PlaceRecord;
  /** In the order of `input.sources`; ids kept from `previous` by partner. */
  sources: SourceRecord[];
  performers: PerformerRecord[];
}

/**
 * The record of an event written by ingestion, from its sources (docs/ingestion.md "Lifecycle"): prices and good deal
 * derive from the sources; `cancelledAt` and `notAvailableAt` are stamped when the state begins and kept while it lasts,
 * cleared when it ends. `previous` is the stored record (null for a new event); commentaries and the trending score,
 * which no partner feed carries, are kept.
 */
export function ingestedEventRecord(
  input: IngestEventInput,
  previous: EventRecord | null,
  id: number,
  updatedMs: number,
  refs: IngestRefs,
): EventRecord {
  assertDates(input.startMs, input.endMs);
  for (const [i, source] of refs.sources.entries()) {
    const soldOut = input.sources[i]?.soldOut ?? false;
    const before = previous?.sources.find((s) => s.partner.id === source.partner.id);
    source.notAvailableMs = soldOut ? (before?.notAvailableMs ?? updatedMs) : null;
    if (soldOut) source.isBookable = false;
  }
  const prices = derivePrices(refs.sources);
  return {
    id,
    serviceId: previous?.serviceId ?? id,
    name: cleanText(input.name),
    description: cleanText(input.description),
    startMs: input.startMs,
    endMs: input.endMs,
    hasEndDateNotReliable: input.hasEndDateNotReliable,
    ...prices,
    image: imagePath('event', id, 'main'),
    imageHeight: 800,
    imageWidth: 1200,
    squareImage: imagePath('event', id, 'square'),
    rectangleImage: imagePath('event', id, 'rectangle'),
    webImage: imagePath('event', id, 'web'),
    notAvailableMs: input.soldOut ? (previous?.notAvailableMs ?? updatedMs) : null,
    cancelledMs: input.cancelled ? (previous?.cancelledMs ?? updatedMs) : null,
    createdMs: previous?.createdMs ?? updatedMs,
    updatedMs,
    timeZone: refs.place.timeZone,
    mapPlace: refs.mapPlace,
    place: refs.place,
    sources: refs.sources,
    categoryIds: categoryIdsOf(input.categories),
    commentaries: previous?.commentaries ?? [],
    trendingScore: previous?.trendingScore ?? 0,
    performers: refs.performers,
  };
}

/** The source ids of `previous` by partner name, so a partner's source keeps its id (and its tracked links). */
export function sourceIdsByPartner(previous: EventRecord | null): Map<string, number> {
  return new Map((previous?.sources ?? []).map((s) => [s.partner.name, s.id]));
}
