import type { TSearchItem } from '@/lib/contract';
import { cleanText } from '@/partner-api/links/link-marker';
import { CATEGORY_BY_ID } from '../../catalogue-data';
import { formatLocalDateTime } from '../../local-date';
import { compareRanked, rankKey, type RankKey } from '@/partner-api/search/ranking';
import { textRelevance } from '@/partner-api/search/relevance';
import type { SearchParams } from '../../search-types';
import { imageUrl } from '../../model/serialize-event';
import { nearbyCellTokens } from '@/partner-api/search/cells';
import { performerHasEvent } from '../rows/record-events';
import { candidateTiers, expandWords, queryWords, runTiers } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/**
 * How many candidates each bounded query (see candidateMatches) may yield before the final ranking (relevance,
 * proximity band, date). Events come soonest-ending first (the index's rowid order), places and performers in
 * index order; the tiers make sure the best-matching and the nearby ones are among them.
 */
const EXTRA_CANDIDATES = 20;

interface Candidate {
  key: RankKey;
  build: (score: number) => TSearchItem | null;
}

interface EventDocRow {
  id: number;
  name: string;
  context: string;
  lng: number;
  lat: number;
  start_ms: number;
  end_ms: number;
}

function nearCells(params: SearchParams): string[] | null {
  return params.point ? nearbyCellTokens(params.point.lng, params.point.lat) : null;
}

function eventCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'events', text, true);
  // Passed events are not offered (a search bar is for going out); running and upcoming ones are.
  const fromKey = Math.floor(now / 60_000) * 16_777_216;
  const query = stmt(
    ctx.db,
    `SELECT d.event_id AS id, d.name, d.context, d.lng, d.lat, d.start_ms, d.end_ms
     FROM search_events f JOIN search_event_docs d ON d.rowid = f.rowid
     WHERE search_events MATCH ? AND f.rowid >= ? AND d.end_ms >= ? LIMIT ?`,
  );
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: nearCells(params), hasContext: true });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, fromKey, now, perQuery) as EventDocRow[]);
  const seen = new Set<number>();
  const candidates: Candidate[] = [];
  {
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const relevance = textRelevance(words, row.name, row.context);
      const key = rankKey(
        { kind: 'event', id: row.id, relevance, lng: row.lng, lat: row.lat, startMs: row.start_ms, endMs: row.end_ms },
        params.point,
        now,
      );
      candidates.push({ key, build: (score) => eventItem(ctx, row.id, score) });
    }
  }
  return candidates;
}

interface EventItemRow {
  id: number;
  service_id: number;
  name: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: number;
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
  category_ids: string | null;
}

/**
 * The search item of an event, built from its columns: the same values its stored Event JSON holds (same helpers:
 * cleanText, local dates, image URLs), without parsing that JSON (several kilobytes an event).
 */
function eventItem(ctx: StoreContext, id: number, score: number): TSearchItem | null {
  const row = stmt(
    ctx.db,
    `SELECT e.id, e.service_id, e.name, e.start_ms, e.end_ms, e.has_end_date_not_reliable, e.lowest_price,
            e.highest_price, e.description, e.image, e.square_image, e.rectangle_image, e.average_grade,
            e.total_grades, e.time_zone, p.id AS place_id, p.name AS place_name, p.lng AS place_lng,
            p.lat AS place_lat, p.street, p.city, p.postal_code, p.country,
            (SELECT group_concat(category_id) FROM event_categories WHERE event_id = e.id) AS category_ids
     FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = ?`,
  ).get(id) as EventItemRow | undefined;
  if (!row) return null;
  const categories = (row.category_ids ?? '')
    .split(',')
    .map((value) => CATEGORY_BY_ID.get(Number(value)))
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
      hasEndDateNotReliable: row.has_end_date_not_reliable === 1,
      lowestPrice: row.lowest_price,
      highestPrice: row.highest_price,
      description: cleanText(row.description),
      image: imageUrl(ctx.publicUrl, row.image),
      squareImage: imageUrl(ctx.publicUrl, row.square_image),
      rectangleImage: imageUrl(ctx.publicUrl, row.rectangle_image),
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

interface PlaceRow {
  id: string;
  name: string;
  address: string;
  city: string | null;
  lng: number;
  lat: number;
  average_grade: number | null;
  total_grades: number | null;
}

function placeCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'places', text, true);
  const query = stmt(
    ctx.db,
    `SELECT m.id, m.name, m.address, m.city, m.lng, m.lat, m.average_grade, m.total_grades
     FROM search_places f JOIN search_place_keys k ON k.rowid = f.rowid JOIN map_places m ON m.id = k.map_place_id
     WHERE search_places MATCH ? LIMIT ?`,
  );
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: nearCells(params), hasContext: true });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, perQuery) as PlaceRow[]);
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  {
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const relevance = textRelevance(words, row.name, `${row.city ?? ''} ${row.address}`);
      const key = rankKey({ kind: 'place', id: row.id, relevance, lng: row.lng, lat: row.lat }, params.point, now);
      candidates.push({
        key,
        build: (score) => ({
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
        }),
      });
    }
  }
  return candidates;
}

function performerCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'performers', text, true);
  const query = stmt(
    ctx.db,
    `SELECT p.id, p.name, p.image, p.web_image FROM search_performers f JOIN performers p ON p.id = f.rowid
     WHERE search_performers MATCH ? LIMIT ?`,
  );
  type PerformerRow = { id: number; name: string; image: string | null; web_image: string | null };
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: null, hasContext: false });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, perQuery) as PerformerRow[]);
  const seen = new Set<number>();
  const candidates: Candidate[] = [];
  {
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const relevance = textRelevance(words, row.name);
      const key = rankKey({ kind: 'performer', id: row.id, relevance }, params.point, now);
      candidates.push({
        key,
        // Only performers the catalogue can show events for (checked for the few that make the page).
        build: (score) =>
          performerHasEvent(ctx.db, row.id)
            ? {
                performer: {
                  id: row.id,
                  name: row.name,
                  image: imageUrl(ctx.publicUrl, row.image),
                  webImage: imageUrl(ctx.publicUrl, row.web_image),
                  score,
                },
              }
            : null,
      });
    }
  }
  return candidates;
}

/**
 * The combined search of the search bar: events, places and performers matching every word (the last one as a
 * prefix; one typo allowed in words of five letters or more), ranked by text relevance, then proximity to the
 * point, then how soon the event is. `score` is the text relevance.
 */
export function search(ctx: StoreContext, params: SearchParams): TSearchItem[] {
  const text = queryWords(params.text);
  if (text.length === 0) return [];
  const now = ctx.clock();
  const candidates: Candidate[] = [];
  if (params.types.includes('events')) candidates.push(...eventCandidates(ctx, text, params, now));
  if (params.types.includes('places')) candidates.push(...placeCandidates(ctx, text, params, now));
  if (params.types.includes('performers')) candidates.push(...performerCandidates(ctx, text, params, now));
  candidates.sort((a, b) => compareRanked(a.key, b.key));
  const items: TSearchItem[] = [];
  for (const candidate of candidates) {
    if (items.length >= params.limit) break;
    const item = candidate.build(candidate.key.relevance);
    if (item) items.push(item);
  }
  return items;
}
