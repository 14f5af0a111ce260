import { cleanText, linkMarkerValue } from '@/partner-api/links/link-marker';
import { CATEGORY_BY_ID } from '../catalogue-data';
import { formatLocalDateTime, isoOrNull } from '../local-date';
import type { StoredEventJson } from '../types';
import type { EventRecord, MapPlaceRecord, PlaceRecord } from './records';

/** Makes a stored image path absolute (`${publicUrl}/images/...`); absolute URLs and null pass through. */
export function imageUrl(publicUrl: string, path: string | null): string | null {
  if (path === null || path === '') return path;
  return /^https?:\/\//.test(path) ? path : publicUrl + path;
}

/** The event's grade summary: the mean of its commentaries' grades (one decimal) and their count. */
export function eventGrades(record: Pick<EventRecord, 'commentaries'>): { averageGrade: number; totalGrades: number } {
  const total = record.commentaries.length;
  if (total === 0) return { averageGrade: 0, totalGrades: 0 };
  const sum = record.commentaries.reduce((acc, c) => acc + c.grade, 0);
  return { averageGrade: Math.round((sum / total) * 10) / 10, totalGrades: total };
}

/** The event's position (docs/design.md §4.4): its map place's coordinates, else its place's address. */
export function eventPosition(record: Pick<EventRecord, 'mapPlace' | 'place'>): { lng: number; lat: number } {
  const at = record.mapPlace ?? record.place;
  return { lng: at.lng, lat: at.lat };
}

const text = (value: string): string => cleanText(value);
const textOrNull = (value: string | null): string | null => (value === null ? null : cleanText(value));

/** The performers columns a performer record is built from. */
export interface PerformerRecordRow {
  id: number;
  name: string;
  image: string | null;
  square_image: string | null;
  rectangle_image: string | null;
  web_image: string | null;
}

/** The Performer (full shape) JSON object, without its events. */
export function performerJson(row: PerformerRecordRow, publicUrl: string): string {
  return JSON.stringify({
    id: row.id,
    name: cleanText(row.name),
    image: imageUrl(publicUrl, row.image),
    squareImage: imageUrl(publicUrl, row.square_image),
    rectangleImage: imageUrl(publicUrl, row.rectangle_image),
    webImage: imageUrl(publicUrl, row.web_image),
  });
}

/** A MapPlace in the contract's shape (also the head of the get-place record). */
export function mapPlaceJson(mapPlace: MapPlaceRecord) {
  return {
    id: text(mapPlace.id),
    name: text(mapPlace.name),
    address: text(mapPlace.address),
    lng: mapPlace.lng,
    lat: mapPlace.lat,
    averageGrade: mapPlace.averageGrade,
    totalGrades: mapPlace.totalGrades,
    street: textOrNull(mapPlace.street),
    city: textOrNull(mapPlace.city),
    postalCode: textOrNull(mapPlace.postalCode),
    country: textOrNull(mapPlace.country),
    photoRef: textOrNull(mapPlace.photoRef),
    website: textOrNull(mapPlace.website),
    editorialSummary: textOrNull(mapPlace.editorialSummary),
    periods: mapPlace.periods.map((p) => ({
      open: { day: p.open.day, time: p.open.time },
      close: { day: p.close.day, time: p.close.time },
    })),
  };
}

function placeJson(place: PlaceRecord, publicUrl: string) {
  return {
    id: place.id,
    mapId: place.mapId === null ? '' : text(place.mapId),
    name: text(place.name),
    address: {
      lng: place.lng,
      lat: place.lat,
      street: text(place.street),
      city: text(place.city),
      postalCode: text(place.postalCode),
      country: text(place.country),
    },
    image: imageUrl(publicUrl, place.image) ?? '',
    squareImage: imageUrl(publicUrl, place.squareImage) ?? '',
    rectangleImage: imageUrl(publicUrl, place.rectangleImage) ?? '',
    averageGrade: place.averageGrade,
    totalGrades: place.totalGrades,
  };
}

// Places, map places, partners and categories are shared by many events: their JSON is built once per record object
// (the seed reuses the same objects for every event at a venue; a write reloads fresh objects, so nothing goes stale).
const fragmentCache = new WeakMap<object, { publicUrl: string; json: string }>();

function cachedFragment<T extends object>(record: T, publicUrl: string, build: (record: T) => unknown): string {
  const hit = fragmentCache.get(record);
  if (hit && hit.publicUrl === publicUrl) return hit.json;
  const json = JSON.stringify(build(record));
  fragmentCache.set(record, { publicUrl, json });
  return json;
}

const categoryJson = new Map<number, string>();
function categoryFragment(id: number): string | null {
  let json = categoryJson.get(id);
  if (json === undefined) {
    const c = CATEGORY_BY_ID.get(id);
    if (!c) return null;
    json = JSON.stringify({
      id: c.id,
      mainCategory: c.mainCategory,
      subCategory: c.subCategory,
      traductionFR: c.fr,
      traductionEN: c.en,
      icon: c.icon,
    });
    categoryJson.set(id, json);
  }
  return json;
}

/**
 * Builds an event's stored JSON fragments (StoredEventJson) from its rows: exactly the contract's Event shape once
 * assembled, dates in the place's time zone, every `sources[].link` a link marker, all text through `cleanText`.
 */
export function serializeEvent(record: EventRecord, publicUrl: string): StoredEventJson {
  const tz = record.timeZone;
  const local = (ms: number) => formatLocalDateTime(ms, tz);
  const { averageGrade, totalGrades } = eventGrades(record);
  const head = {
    id: record.id,
    serviceId: record.serviceId,
    serviceLink: `${publicUrl}/e/${record.serviceId}`,
    name: text(record.name),
    startDate: local(record.startMs),
    endDate: local(record.endMs),
    hasEndDateNotReliable: record.hasEndDateNotReliable,
    lowestPrice: record.lowestPrice,
    highestPrice: record.highestPrice,
    description: text(record.description),
    hasGoodDeal: record.hasGoodDeal,
    image: imageUrl(publicUrl, record.image),
    imageHeight: record.imageHeight,
    imageWidth: record.imageWidth,
    squareImage: imageUrl(publicUrl, record.squareImage),
    rectangleImage: imageUrl(publicUrl, record.rectangleImage),
    webImage: imageUrl(publicUrl, record.webImage),
    notAvailableAt: isoOrNull(record.notAvailableMs),
    cancelledAt: isoOrNull(record.cancelledMs),
    createdAt: new Date(record.createdMs).toISOString(),
    updatedAt: new Date(record.updatedMs).toISOString(),
  };
  const mapPlace = record.mapPlace === null ? 'null' : cachedFragment(record.mapPlace, publicUrl, mapPlaceJson);
  const place = cachedFragment(record.place, publicUrl, (p) => placeJson(p, publicUrl));
  const sources = record.sources.map((s) => {
    const partner = cachedFragment(s.partner, publicUrl, (p) => ({
      name: text(p.name),
      logo: imageUrl(publicUrl, p.logo) ?? '',
      backColor: text(p.backColor),
    }));
    const rest = JSON.stringify({
      startDate: local(s.startMs),
      endDate: local(s.endMs),
      lowestPrice: s.lowestPrice,
      highestPrice: s.highestPrice,
      isGoodDeal: s.isGoodDeal,
      commissionFix: s.commissionFix,
      commissionPerTicket: s.commissionPerTicket,
      commissionPerCart: s.commissionPerCart,
      commissionRate: s.commissionRate,
      link: linkMarkerValue(s.id),
      isBookable: s.isBookable,
      availableDates: s.availableDates.map((d) => ({
        startDate: local(d.startMs),
        endDate: local(d.endMs),
        hasEndDateNotReliable: d.hasEndDateNotReliable,
        hasUnknownAvailability: d.hasUnknownAvailability,
      })),
      averageGrade: s.averageGrade,
      totalGrades: s.totalGrades,
      cantRetrieveAvailableDates: s.cantRetrieveAvailableDates,
      notAvailableAt: isoOrNull(s.notAvailableMs),
    });
    return `{"id":${s.id},"partner":${partner},${rest.slice(1)}`;
  });
  const categories = record.categoryIds.map(categoryFragment).filter((c): c is string => c !== null);
  const tail = { averageGrade, totalGrades, trendingScore: record.trendingScore };
  const headJson = JSON.stringify(head);
  const tailJson = JSON.stringify(tail);
  return {
    // `{...head, ...tail` without the closing brace; assembleEventJson appends commentaries, performers and `}`.
    body:
      headJson.slice(0, -1) +
      `,"mapPlace":${mapPlace},"place":${place},"sources":[${sources.join(',')}],` +
      `"categories":[${categories.join(',')}],` +
      tailJson.slice(1, -1),
    commentaries: JSON.stringify(
      record.commentaries.map((c) => ({
        grade: c.grade,
        content: text(c.content),
        username: text(c.username),
        date: new Date(c.dateMs).toISOString(),
      })),
    ),
    performers: JSON.stringify(
      record.performers.map((p) => ({
        id: p.id,
        name: text(p.name),
        description: text(p.description),
        image: imageUrl(publicUrl, p.image) ?? '',
        webImage: imageUrl(publicUrl, p.webImage) ?? '',
      })),
    ),
  };
}
