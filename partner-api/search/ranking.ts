/**
 * Orders search results: text relevance first, then proximity to the given point (in bands, so that results
 * in the same neighbourhood are then ordered by date), then how soon the event is, then exact distance, kind
 * and id, so the order is total and stable.
 */

export type ResultKind = 'event' | 'place' | 'performer';

/** What the ranking needs to know about a result. */
export interface RankedResult {
  kind: ResultKind;
  /** Numeric id (events, performers) or the map place id. */
  id: number | string;
  relevance: number;
  lng?: number | null;
  lat?: number | null;
  /** Event start and end (ms); absent for places and performers. */
  startMs?: number;
  endMs?: number;
}

/** Distance bands in kilometres: within a band, the sooner event wins. */
const DISTANCE_BANDS_KM = [2, 10, 50, 250];
const KIND_ORDER: Record<ResultKind, number> = { event: 0, place: 1, performer: 2 };
const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine, R = 6 371 008.8 m as in docs/design.md §4.4). */
export function haversineMeters(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Sort keys of one result; build once per result, then compare with `compareRanked`. */
export interface RankKey {
  relevance: number;
  band: number;
  distance: number;
  soon: number;
  kind: number;
  id: number | string;
}

/** The sort key of a result for a query point (optional) at time `nowMs`. */
export function rankKey(result: RankedResult, point: { lng: number; lat: number } | null, nowMs: number): RankKey {
  let distance = Number.POSITIVE_INFINITY;
  if (point && result.lng != null && result.lat != null) {
    distance = haversineMeters(point.lng, point.lat, result.lng, result.lat);
  }
  let band = point ? DISTANCE_BANDS_KM.length : 0;
  if (point) {
    const km = distance / 1000;
    const index = DISTANCE_BANDS_KM.findIndex((limit) => km <= limit);
    if (index >= 0) band = index;
  }
  // Running events count as "now"; places and performers have no date and come after dated events.
  const soon =
    result.startMs === undefined
      ? Number.POSITIVE_INFINITY
      : result.endMs !== undefined && result.endMs < nowMs
        ? Number.MAX_SAFE_INTEGER
        : Math.max(0, result.startMs - nowMs);
  return { relevance: result.relevance, band, distance, soon, kind: KIND_ORDER[result.kind], id: result.id };
}

/** Best first. */
export function compareRanked(a: RankKey, b: RankKey): number {
  return (
    b.relevance - a.relevance ||
    a.band - b.band ||
    compareNumbers(a.soon, b.soon) ||
    compareNumbers(a.distance, b.distance) ||
    a.kind - b.kind ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
