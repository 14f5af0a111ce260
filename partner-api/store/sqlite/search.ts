import { assembleEventJson } from '../types';
import type { TEvent, TSearchItem } from '@/lib/contract';
import { compareRanked, rankKey, type RankKey } from '@/partner-api/search/ranking';
import { textRelevance } from '@/partner-api/search/relevance';
import type { SearchParams } from '../search-types';
import { imageUrl } from './serialize-event';
import { expandWords, ftsMatch, queryWords, type SearchIndexName } from './search-index';
import { stmt } from './statements';
import type { StoreContext } from './store-context';

/**
 * How many candidates BM25 preselects per kind before the final ranking (relevance, proximity band, date).
 * Enough for every result that ties on relevance with the best ones in ordinary queries; bounded so a one-letter
 * prefix over 100 000 events stays cheap.
 */
const CANDIDATES: Record<SearchIndexName, number> = { events: 300, places: 150, performers: 100 };

interface Candidate {
  key: RankKey;
  build: (score: number) => TSearchItem;
}

function eventCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'events', text, true);
  const match = ftsMatch(words);
  if (!match) return [];
  // Passed events are not offered (a search bar is for going out); running and upcoming ones are.
  const rows = stmt(
    ctx.db,
    `SELECT e.id, e.name, e.lng, e.lat, e.start_ms, e.end_ms, p.name AS place_name, p.city
     FROM (SELECT rowid AS id FROM search_events WHERE search_events MATCH ? ORDER BY rank LIMIT ${CANDIDATES.events}) m
     JOIN events e ON e.id = m.id JOIN places p ON p.id = e.place_id
     WHERE e.end_ms >= ?`,
  ).all(match, now) as Array<{
    id: number;
    name: string;
    lng: number;
    lat: number;
    start_ms: number;
    end_ms: number;
    place_name: string;
    city: string;
  }>;
  return rows.map((row) => {
    const relevance = textRelevance(words, row.name, `${row.place_name} ${row.city}`);
    const key = rankKey(
      { kind: 'event', id: row.id, relevance, lng: row.lng, lat: row.lat, startMs: row.start_ms, endMs: row.end_ms },
      params.point,
      now,
    );
    return { key, build: (score) => eventItem(ctx, row.id, score) };
  });
}

function eventItem(ctx: StoreContext, id: number, score: number): TSearchItem {
  const row = stmt(ctx.db, 'SELECT body FROM events WHERE id = ?').get(id) as { body: string };
  const event = JSON.parse(
    assembleEventJson(
      { body: row.body, commentaries: '[]', performers: '[]' },
      { commentaries: false, performers: false },
    ),
  ) as TEvent;
  return {
    event: {
      id: event.id,
      serviceId: event.serviceId,
      name: event.name,
      startDate: event.startDate,
      endDate: event.endDate,
      hasEndDateNotReliable: event.hasEndDateNotReliable,
      lowestPrice: event.lowestPrice,
      highestPrice: event.highestPrice,
      description: event.description,
      image: event.image,
      squareImage: event.squareImage,
      rectangleImage: event.rectangleImage,
      place: { id: event.place.id, name: event.place.name, address: event.place.address },
      averageGrade: event.averageGrade,
      totalGrades: event.totalGrades,
      categories: event.categories.map((category) => ({
        id: category.id,
        name: category.subCategory ?? category.mainCategory,
        mainCategory: category.mainCategory,
        traductionFR: category.traductionFR,
        traductionEN: category.traductionEN,
        icon: category.icon,
      })),
      score,
    },
  };
}

function placeCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'places', text, true);
  const match = ftsMatch(words);
  if (!match) return [];
  const rows = stmt(
    ctx.db,
    `SELECT m.id, m.name, m.address, m.city, m.lng, m.lat, m.average_grade, m.total_grades
     FROM (SELECT rowid FROM search_places WHERE search_places MATCH ? ORDER BY rank LIMIT ${CANDIDATES.places}) s
     JOIN search_place_keys k ON k.rowid = s.rowid JOIN map_places m ON m.id = k.map_place_id`,
  ).all(match) as Array<{
    id: string;
    name: string;
    address: string;
    city: string | null;
    lng: number;
    lat: number;
    average_grade: number | null;
    total_grades: number | null;
  }>;
  return rows.map((row) => {
    const relevance = textRelevance(words, row.name, `${row.city ?? ''} ${row.address}`);
    const key = rankKey({ kind: 'place', id: row.id, relevance, lng: row.lng, lat: row.lat }, params.point, now);
    return {
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
    };
  });
}

function performerCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number): Candidate[] {
  const words = expandWords(ctx.db, 'performers', text, true);
  const match = ftsMatch(words);
  if (!match) return [];
  // Only performers the catalogue can show events for.
  const rows = stmt(
    ctx.db,
    `SELECT p.id, p.name, p.image, p.web_image
     FROM (SELECT rowid FROM search_performers WHERE search_performers MATCH ? ORDER BY rank LIMIT ${CANDIDATES.performers}) s
     JOIN performers p ON p.id = s.rowid
     WHERE EXISTS (SELECT 1 FROM event_performers ep WHERE ep.performer_id = p.id)`,
  ).all(match) as Array<{ id: number; name: string; image: string | null; web_image: string | null }>;
  return rows.map((row) => {
    const relevance = textRelevance(words, row.name);
    const key = rankKey({ kind: 'performer', id: row.id, relevance }, params.point, now);
    return {
      key,
      build: (score) => ({
        performer: {
          id: row.id,
          name: row.name,
          image: imageUrl(ctx.publicUrl, row.image),
          webImage: imageUrl(ctx.publicUrl, row.web_image),
          score,
        },
      }),
    };
  });
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
  return candidates.slice(0, params.limit).map((candidate) => candidate.build(candidate.key.relevance));
}
