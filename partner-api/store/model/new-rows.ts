import { cleanText } from '@/partner-api/links/link-marker';
import type { EventInput, MapPlaceInput, PerformerInput, PlaceInput, SourceInput } from '../types';
import type { FlagEncoder } from './event-columns';
import {
  DEFAULT_TIME_ZONE,
  assertCoordinates,
  assertDates,
  assertFinite,
  assertPrices,
  categoryIdsOf,
  commentaryRecordsOf,
  derivePrices,
  imagePath,
} from './derive';
import type { EventRecord, MapPlaceRecord, PartnerRecord, PerformerRecord, PlaceRecord, SourceRecord } from './records';

/*
 * What a write's input becomes: the values of the rows it creates and the records it is made of, with the same
 * checks and defaults in both stores. The stores only find existing rows and run the INSERTs.
 */

/** A new map_places row (its columns in migration 001's order), after checking the input. */
export function newMapPlaceValues(input: MapPlaceInput): unknown[] {
  assertCoordinates(input.lng, input.lat, `map place ${input.id}`);
  const address =
    input.address ??
    [input.street, [input.postalCode, input.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    cleanText(input.id),
    cleanText(input.name),
    cleanText(address),
    input.lng,
    input.lat,
    input.averageGrade ?? null,
    input.totalGrades ?? null,
    input.street ?? null,
    input.city ?? null,
    input.postalCode ?? null,
    input.country ?? 'FR',
    input.photoRef ?? null,
    input.website ?? null,
    input.editorialSummary ?? null,
    input.timeZone ?? DEFAULT_TIME_ZONE,
    JSON.stringify(input.periods ?? []),
  ];
}

/** Checks a new place's input before the store gives it an id. */
export function assertNewPlace(input: PlaceInput): void {
  assertCoordinates(input.lng, input.lat, `place ${input.name}`);
}

/** A new places row with id `id`, linked to `mapId` (columns in migration 001's order). */
export function newPlaceValues(input: PlaceInput, id: number, mapId: string | null): unknown[] {
  return [
    id,
    mapId,
    cleanText(input.name),
    input.lng,
    input.lat,
    cleanText(input.street),
    cleanText(input.city),
    cleanText(input.postalCode),
    input.country ?? 'FR',
    imagePath('place', id, 'main'),
    imagePath('place', id, 'square'),
    imagePath('place', id, 'rectangle'),
    input.averageGrade ?? 0,
    input.totalGrades ?? 0,
    input.timeZone ?? DEFAULT_TIME_ZONE,
  ];
}

/** A new partners row: a generated logo and a neutral colour until the partner gives its own. */
export function newPartnerValues(id: number, cleanName: string): unknown[] {
  return [id, cleanName, imagePath('partner', id, 'logo'), '#475569'];
}

/** A new performers row with id `id` (columns in migration 001's order). */
export function newPerformerValues(input: PerformerInput, id: number, encode: FlagEncoder): unknown[] {
  const images = input.withImages ?? true;
  return [
    id,
    cleanText(input.name),
    cleanText(input.description ?? ''),
    images ? imagePath('performer', id, 'main') : null,
    images ? imagePath('performer', id, 'square') : null,
    images ? imagePath('performer', id, 'rectangle') : null,
    images ? imagePath('performer', id, 'web') : null,
    encode(input.identityConfirmed !== false),
  ];
}

/**
 * Source records of inputs, `partners[i]` being the partner of `inputs[i]`: new sources get ids from `firstFreeId`
 * on (past any id an input names), dates default to the event's.
 */
export function sourceRecordsFrom(
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
  firstFreeId: number,
  partners: readonly PartnerRecord[],
): SourceRecord[] {
  let next = firstFreeId;
  return inputs.map((s, i) => {
    assertPrices(s.lowestPrice, s.highestPrice, `source of ${s.partner}`);
    const id = s.id ?? next++;
    if (s.id !== undefined && s.id >= next) next = s.id + 1;
    return {
      id,
      partner: partners[i] as PartnerRecord,
      startMs: s.startMs ?? event.startMs,
      endMs: s.endMs ?? event.endMs,
      lowestPrice: s.lowestPrice,
      highestPrice: s.highestPrice,
      isGoodDeal: s.isGoodDeal ?? false,
      commissionFix: s.commissionFix ?? 0,
      commissionPerTicket: s.commissionPerTicket ?? 0,
      commissionPerCart: s.commissionPerCart ?? 0,
      commissionRate: s.commissionRate ?? 0,
      link: s.link,
      isBookable: s.isBookable ?? true,
      availableDates: (s.availableDates ?? []).map((d) => ({
        startMs: d.startMs,
        endMs: d.endMs,
        hasEndDateNotReliable: d.hasEndDateNotReliable ?? false,
        hasUnknownAvailability: d.hasUnknownAvailability ?? false,
      })),
      averageGrade: s.averageGrade ?? 0,
      totalGrades: s.totalGrades ?? 0,
      cantRetrieveAvailableDates: s.cantRetrieveAvailableDates ?? false,
      notAvailableMs: s.notAvailableMs ?? null,
    };
  });
}

/** Checks a creation input's own values, before the store creates any row it refers to. */
export function assertEventInput(input: EventInput): void {
  assertDates(input.startMs, input.endMs);
  assertPrices(input.lowestPrice, input.highestPrice, 'event');
  assertFinite(input.trendingScore, 'trendingScore');
}

/** The rows a new event refers to, found or created by the store. */
export interface EventRefs {
  mapPlace: MapPlaceRecord | null;
  place: PlaceRecord;
  sources: SourceRecord[];
  performers: PerformerRecord[];
}

/** The full record of a new event `id` created at `nowMs` (see assertEventInput). */
export function newEventRecord(input: EventInput, id: number, nowMs: number, refs: EventRefs): EventRecord {
  const derived = derivePrices(refs.sources);
  const images = input.withImages ?? true;
  return {
    id,
    serviceId: input.serviceId ?? id,
    name: cleanText(input.name),
    description: cleanText(input.description),
    startMs: input.startMs,
    endMs: input.endMs,
    hasEndDateNotReliable: input.hasEndDateNotReliable ?? false,
    lowestPrice: input.lowestPrice !== undefined ? input.lowestPrice : derived.lowestPrice,
    highestPrice: input.highestPrice !== undefined ? input.highestPrice : derived.highestPrice,
    hasGoodDeal: input.hasGoodDeal ?? derived.hasGoodDeal,
    image: images ? imagePath('event', id, 'main') : null,
    imageHeight: images ? 800 : null,
    imageWidth: images ? 1200 : null,
    squareImage: images ? imagePath('event', id, 'square') : null,
    rectangleImage: images ? imagePath('event', id, 'rectangle') : null,
    webImage: images ? imagePath('event', id, 'web') : null,
    notAvailableMs: input.notAvailableMs ?? null,
    cancelledMs: input.cancelledMs ?? null,
    createdMs: nowMs,
    updatedMs: nowMs,
    timeZone: refs.place.timeZone,
    mapPlace: refs.mapPlace,
    place: refs.place,
    sources: refs.sources,
    categoryIds: categoryIdsOf(input.categories ?? []),
    commentaries: commentaryRecordsOf(input.commentaries ?? []),
    trendingScore: input.trendingScore ?? 0,
    performers: refs.performers,
  };
}
