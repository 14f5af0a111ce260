import type { TSearchItem } from '@/lib/contract';
import { cleanText } from '@/partner-api/links/link-marker';
import { nearbyCellTokens } from '@/partner-api/search/cells';
import { compareRanked, haversineMeters, rankKey, type RankKey } from '@/partner-api/search/ranking';
import { isCompleteMatch, textRelevance } from '@/partner-api/search/relevance';
import type { WordExpansion } from '@/partner-api/search/vocabulary';
import { CATEGORY_BY_ID } from '../catalogue-data';
import { formatLocalDateTime } from '../local-date';
import type { SearchParams } from '../search-types';
import { flag, type Flag } from './rows';
import { imageUrl } from './serialize-event';

/*
 * The searches' rules, whichever index found the candidates (SQLite FTS5 or PostgreSQL full-text search): the
 * candidate tiers, the ranking, the items and the confident-match rules of the place and performer searches. Each
 * store only runs its own queries, so both answer alike.
 */

/**
 * How many candidates each bounded query may yield beyond the page, before the final ranking (relevance, proximity
 * band, date). Events come soonest-ending first, places and performers in index order; the tiers make sure the
 * best-matching and the nearby ones are among them.
 */
export const EXTRA_CANDIDATES = 20;

/** How far from the given point a searched place may be: the point is approximate, a city is the intended scale. */
export const PLACE_SEARCH_RADIUS_M = 50_000;

/** Enough to see every homonym of a performer's name; a query matching more is too vague to be confident anyway. */
export const MAX_PERFORMER_CANDIDATES = 200;

/** The geographic cell tokens around the search's point, or null without one. */
export function nearCells(params: SearchParams): string[] | null {
  return params.point ? nearbyCellTokens(params.point.lng, params.point.lat) : null;
}

/** How an index writes its queries: every word in the name, anywhere, near cells, and both of two conditions. */
export interface TierSyntax {
  inName(words: WordExpansion[]): string;
  anywhere(words: WordExpansion[]): string;
  nearCells(cells: string[]): string;
  both(first: string, second: string): string;
}

/** One bounded candidate query. */
export interface CandidateTier {
  query: string;
  /** Run only when the previous tier found fewer rows than asked (it is a looser version of that tier). */
  fallback: boolean;
}

/**
 * The bounded candidate queries of a search, best-suited first: every word in the name; with a point, every word in
 * the name near it, then (when that did not fill up) anywhere near it (geographic cell tokens of the context column);
 * without one, every word anywhere (when the name did not fill up). Each runs with a LIMIT, so a one-letter prefix
 * costs no more than a precise name.
 */
export function candidateTiers(
  syntax: TierSyntax,
  words: WordExpansion[],
  options: { near: string[] | null; hasContext: boolean },
): CandidateTier[] {
  if (words.length === 0) return [];
  const inName = syntax.inName(words);
  const tiers: CandidateTier[] = [{ query: inName, fallback: false }];
  if (!options.hasContext) return tiers;
  if (options.near && options.near.length > 0) {
    const cells = syntax.nearCells(options.near);
    tiers.push(
      { query: syntax.both(inName, cells), fallback: false },
      { query: syntax.both(syntax.anywhere(words), cells), fallback: true },
    );
  } else {
    tiers.push({ query: syntax.anywhere(words), fallback: true });
  }
  return tiers;
}

/** A search result before it is built: its rank, and how to build its item (null: not to be shown after all). */
export interface Candidate<Item> {
  key: RankKey;
  build: (score: number) => Item;
}

/** Candidates best first. */
export function byRank<Item>(candidates: Candidate<Item>[]): Candidate<Item>[] {
  return candidates.sort((a, b) => compareRanked(a.key, b.key));
}

/** Each row once (tiers overlap), with its rank key. */
function ranked<Row extends { id: number | string }>(
  rows: readonly Row[],
  keyOf: (row: Row) => RankKey,
): Array<{ key: RankKey; row: Row }> {
  const seen = new Set<number | string>();
  const result: Array<{ key: RankKey; row: Row }> = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    result.push({ key: keyOf(row), row });
  }
  return result;
}

/** An event found by a search: its name, its place's name and city (context), position and dates. */
export interface EventDocRow {
  id: number;
  name: string;
  context: string;
  lng: number;
  lat: number;
  start_ms: number;
  end_ms: number;
}

export function rankEvents(rows: readonly EventDocRow[], words: WordExpansion[], params: SearchParams, now: number) {
  return ranked(rows, (row) =>
    rankKey(
      {
        kind: 'event',
        id: row.id,
        relevance: textRelevance(words, row.name, row.context),
        lng: row.lng,
        lat: row.lat,
        startMs: row.start_ms,
        endMs: row.end_ms,
      },
      params.point,
      now,
    ),
  );
}

/** A map place found by a search. */
export interface PlaceItemRow {
  id: string;
  name: string;
  address: string;
  city: string | null;
  lng: number;
  lat: number;
  average_grade: number | null;
  total_grades: number | null;
}

export function rankPlaces(rows: readonly PlaceItemRow[], words: WordExpansion[], params: SearchParams, now: number) {
  return ranked(rows, (row) => {
    const relevance = textRelevance(words, row.name, `${row.city ?? ''} ${row.address}`);
    return rankKey({ kind: 'place', id: row.id, relevance, lng: row.lng, lat: row.lat }, params.point, now);
  });
}

/** The search item of a map place. */
export function placeItem(row: PlaceItemRow, score: number): TSearchItem {
  return {
    place: {
      id: row.id,
      name: row.name,
      address: row.address,
      city: row.city,
      lng: row.lng,
      lat: row.lat,
      averageGrade: row.average_grade,
      totalGrades: row.total_grades,
      score,
    },
  };
}

/** A performer found by a search. */
export interface PerformerItemRow {
  id: number;
  name: string;
  image: string | null;
  web_image: string | null;
}

export function rankPerformers(
  rows: readonly PerformerItemRow[],
  words: WordExpansion[],
  params: SearchParams,
  now: number,
) {
  return ranked(rows, (row) =>
    rankKey({ kind: 'performer', id: row.id, relevance: textRelevance(words, row.name) }, params.point, now),
  );
}

/** The search item of a performer. */
export function performerItem(row: PerformerItemRow, publicUrl: string, score: number): TSearchItem {
  return {
    performer: {
      id: row.id,
      name: row.name,
      image: imageUrl(publicUrl, row.image),
      webImage: imageUrl(publicUrl, row.web_image),
      score,
    },
  };
}

/** The event and place columns an event's search item is built from. */
export interface EventItemRow {
  id: number;
  service_id: number;
  name: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: Flag;
  lowest_price: number | null;
  highest_price: number | null;
  description: string;
  image: string | null;
  square_image: string | null;
  rectangle_image: string | null;
  average_grade: number;
  total_grades: number;
  time_zone: string;
  place_id: number;
  place_name: string;
  place_lng: number;
  place_lat: number;
  street: string;
  city: string;
  postal_code: string;
  country: string;
}

/**
 * The search item of an event, built from its columns: the same values its stored Event JSON holds (same helpers:
 * cleanText, local dates, image URLs), without parsing that JSON (several kilobytes an event).
 */
export function eventItem(
  row: EventItemRow,
  categoryIds: readonly number[],
  publicUrl: string,
  score: number,
): TSearchItem {
  const categories = categoryIds
    .map((value) => CATEGORY_BY_ID.get(value))
    .filter((category) => category !== undefined)
    .map((category) => ({
      id: category.id,
      name: category.subCategory ?? category.mainCategory,
      mainCategory: category.mainCategory,
      traductionFR: category.fr,
      traductionEN: category.en,
      icon: category.icon,
    }));
  return {
    event: {
      id: row.id,
      serviceId: row.service_id,
      name: cleanText(row.name),
      startDate: formatLocalDateTime(row.start_ms, row.time_zone),
      endDate: formatLocalDateTime(row.end_ms, row.time_zone),
      hasEndDateNotReliable: flag(row.has_end_date_not_reliable),
      lowestPrice: row.lowest_price,
      highestPrice: row.highest_price,
      description: cleanText(row.description),
      image: imageUrl(publicUrl, row.image),
      squareImage: imageUrl(publicUrl, row.square_image),
      rectangleImage: imageUrl(publicUrl, row.rectangle_image),
      place: {
        id: row.place_id,
        name: cleanText(row.place_name),
        address: {
          lng: row.place_lng,
          lat: row.place_lat,
          street: cleanText(row.street),
          city: cleanText(row.city),
          postalCode: cleanText(row.postal_code),
          country: cleanText(row.country),
        },
      },
      averageGrade: row.average_grade,
      totalGrades: row.total_grades,
      categories,
      score,
    },
  };
}

/** The box around PLACE_SEARCH_RADIUS_M of a point, for an index to prefilter; the exact distance is checked after. */
export function placeSearchBox(point: { lng: number; lat: number }) {
  const dLat = PLACE_SEARCH_RADIUS_M / 111_195;
  const dLng = dLat / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  return { minLat: point.lat - dLat, maxLat: point.lat + dLat, minLng: point.lng - dLng, maxLng: point.lng + dLng };
}

/**
 * The id of the map place whose name best matches within PLACE_SEARCH_RADIUS_M of the point — most relevant first,
 * then nearest, then smallest id — or null.
 */
export function bestPlaceId(
  rows: ReadonlyArray<{ id: string; name: string; lng: number; lat: number }>,
  words: WordExpansion[],
  point: { lng: number; lat: number },
): string | null {
  let best: { id: string; relevance: number; distance: number } | null = null;
  for (const row of rows) {
    const distance = haversineMeters(point.lng, point.lat, row.lng, row.lat);
    if (distance > PLACE_SEARCH_RADIUS_M) continue;
    const relevance = textRelevance(words, row.name);
    if (
      !best ||
      relevance > best.relevance ||
      (relevance === best.relevance && (distance < best.distance || (distance === best.distance && row.id < best.id)))
    ) {
      best = { id: row.id, relevance, distance };
    }
  }
  return best?.id ?? null;
}

/** The performers whose whole name the query is (one typo per long word allowed, articles aside). */
export function wholeNameMatches<Row extends { id: number; name: string }>(
  rows: readonly Row[],
  words: WordExpansion[],
): Row[] {
  return rows.filter((row) => isCompleteMatch(words, row.name));
}

/** The id of the one most relevant performer among whole-name matches, or null when none or several tie (homonyms). */
export function confidentPerformerId(
  matches: ReadonlyArray<{ id: number; name: string }>,
  words: WordExpansion[],
): number | null {
  let best: Array<{ id: number; relevance: number }> = [];
  for (const row of matches) {
    const relevance = textRelevance(words, row.name);
    if (best.length === 0 || relevance > (best[0]?.relevance ?? 0)) best = [{ id: row.id, relevance }];
    else if (relevance === best[0]?.relevance) best.push({ id: row.id, relevance });
  }
  return best.length === 1 ? (best[0]?.id ?? null) : null;
}
