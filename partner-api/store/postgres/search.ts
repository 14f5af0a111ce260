import type { TSearchItem } from '@/lib/contract';
import { cleanText } from '@/partner-api/links/link-marker';
import { nearbyCellTokens } from '@/partner-api/search/cells';
import { compareRanked, haversineMeters, rankKey, type RankKey } from '@/partner-api/search/ranking';
import { isCompleteMatch, textRelevance } from '@/partner-api/search/relevance';
import { tokenize } from '@/partner-api/search/normalize';
import { editVariants, MIN_TYPO_LENGTH } from '@/partner-api/search/typo';
import type { WordExpansion } from '@/partner-api/search/vocabulary';
import { CATEGORY_BY_ID } from '../catalogue-data';
import { formatLocalDateTime } from '../local-date';
import type { SearchStore } from '../port';
import type { RecordWithEventsJson, SearchParams } from '../search-types';
import { imageUrl } from '../model/serialize-event';
import type { Queryable } from './pool';
import { getMapPlace, getPerformer, mapPlaceHadEvent, performerHasEvent } from './reads';
import type { PgStoreContext } from './writes';

/*
 * The three searches on PostgreSQL full-text search (migration 003): the same words, the same candidate tiers and
 * the same ranking as the SQLite store (partner-api/store/sqlite/search*.ts, partner-api/search/*), so both answer
 * alike. Only candidate selection is the database's: a tsquery over the weighted tsvector (A = name, B = context and
 * the cell token), where SQLite runs an FTS5 MATCH.
 */

/** The vocabularies of search_terms.kind. */
type IndexKind = 1 | 2 | 3;
const EVENTS: IndexKind = 1;
const PLACES: IndexKind = 2;
const PERFORMERS: IndexKind = 3;

/** Candidates per bounded query beyond the page (as in the SQLite store). */
const EXTRA_CANDIDATES = 20;
/** At most this many typo alternatives per word (as Vocabulary.expand). */
const MAX_TYPOS = 8;
/** Enough to see every homonym of a name (performer search). */
const MAX_PERFORMER_CANDIDATES = 200;
/** Queries longer than this many words are cut (as in the SQLite store). */
const MAX_QUERY_WORDS = 8;
/** How far from the given point a searched place may be (as in the SQLite store). */
const PLACE_SEARCH_RADIUS_M = 50_000;

const queryWords = (text: string) => tokenize(text).slice(0, MAX_QUERY_WORDS);

/** Above every code point: `term < w || TOP` bounds the terms starting with w in byte (C collation) order. */
const TOP = String.fromCodePoint(0x10ffff);

/**
 * How to look `word` up, as Vocabulary.expand decides it: as typed (or as a prefix) when the vocabulary has it, else,
 * for words long enough, the one-edit variants that it has. Variants are generated here and probed against the
 * vocabulary's B-tree — exactly the SQLite store's rule (docs/decisions.md: why not pg_trgm similarity).
 */
async function expandWord(q: Queryable, kind: IndexKind, word: string, prefix: boolean): Promise<WordExpansion> {
  const { rows: found } = await q.query(
    prefix
      ? 'SELECT 1 FROM search_terms WHERE kind = $1 AND term >= $2 AND term < $2 || $3 LIMIT 1'
      : 'SELECT 1 FROM search_terms WHERE kind = $1 AND term = $2',
    prefix ? [kind, word, TOP] : [kind, word],
  );
  if (found.length > 0 || word.length < MIN_TYPO_LENGTH) return { word, prefix, typos: [] };
  const variants = [...editVariants(word)];
  const { rows } = await q.query<{ v: string }>(
    prefix
      ? `SELECT v FROM unnest($2::TEXT[]) AS v WHERE EXISTS (
           SELECT 1 FROM search_terms WHERE kind = $1 AND term >= v COLLATE "C" AND term < (v || $3) COLLATE "C")`
      : 'SELECT term AS v FROM search_terms WHERE kind = $1 AND term = ANY($2::TEXT[])',
    prefix ? [kind, variants, TOP] : [kind, variants],
  );
  const typos = rows.map((row) => row.v).sort();
  return { word, prefix, typos: typos.slice(0, MAX_TYPOS) };
}

async function expandWords(q: Queryable, kind: IndexKind, words: string[], typeahead: boolean) {
  const expanded: WordExpansion[] = [];
  for (const [i, word] of words.entries()) {
    expanded.push(await expandWord(q, kind, word, typeahead && i === words.length - 1));
  }
  return expanded;
}

const lexeme = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** The tsquery of expanded words: every word (as typed, as a prefix, or one of its typos), in the name when `A`. */
function tsQuery(words: WordExpansion[], weight: 'A' | null): string {
  return words
    .map(({ word, prefix, typos }) => {
      const suffix = prefix ? `:*${weight ?? ''}` : weight ? `:${weight}` : '';
      const branches = [word, ...typos].map((term) => lexeme(term) + suffix);
      return branches.length === 1 ? (branches[0] as string) : `(${branches.join(' | ')})`;
    })
    .join(' & ');
}

/** The bounded candidate queries of a search, as candidateTiers (SQLite store) builds them. */
function candidateTiers(words: WordExpansion[], near: string[] | null, hasContext: boolean) {
  if (words.length === 0) return [];
  const inName = tsQuery(words, 'A');
  const tiers = [{ query: inName, fallback: false }];
  if (!hasContext) return tiers;
  if (near && near.length > 0) {
    const cells = `(${near.map((cell) => `${lexeme(cell)}:B`).join(' | ')})`;
    tiers.push(
      { query: `(${inName}) & ${cells}`, fallback: false },
      { query: `(${tsQuery(words, null)}) & ${cells}`, fallback: true },
    );
  } else {
    tiers.push({ query: tsQuery(words, null), fallback: true });
  }
  return tiers;
}

async function runTiers<T>(
  tiers: Array<{ query: string; fallback: boolean }>,
  perQuery: number,
  run: (query: string) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  let previous = 0;
  for (const tier of tiers) {
    if (tier.fallback && previous >= perQuery) continue;
    const found = await run(tier.query);
    previous = found.length;
    rows.push(...found);
  }
  return rows;
}

interface Candidate {
  key: RankKey;
  build: (score: number) => Promise<TSearchItem | null>;
}

const nearCells = (params: SearchParams) =>
  params.point ? nearbyCellTokens(params.point.lng, params.point.lat) : null;

interface EventItemRow {
  id: number;
  service_id: number;
  name: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: boolean;
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
  category_ids: number[] | null;
}

/** The search item of an event, from its columns (the values its stored JSON holds), as the SQLite store builds it. */
async function eventItem(ctx: PgStoreContext, id: number, score: number): Promise<TSearchItem | null> {
  const { rows } = await ctx.pool.query<EventItemRow>(
    `SELECT e.id, e.service_id, e.name, e.start_ms, e.end_ms, e.has_end_date_not_reliable, e.lowest_price,
            e.highest_price, e.description, e.image, e.square_image, e.rectangle_image, e.average_grade,
            e.total_grades, e.time_zone, p.id AS place_id, p.name AS place_name, p.lng AS place_lng,
            p.lat AS place_lat, p.street, p.city, p.postal_code, p.country,
            (SELECT array_agg(category_id ORDER BY category_id) FROM event_categories WHERE event_id = e.id)
              AS category_ids
     FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const categories = (row.category_ids ?? [])
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
      hasEndDateNotReliable: row.has_end_date_not_reliable,
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

async function eventCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, EVENTS, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  // Soonest-ending first, in whole minutes then id: the order of the SQLite index's rowids. Passed events are left
  // out (a search bar is for going out).
  const rows = await runTiers(candidateTiers(words, nearCells(params), true), perQuery, async (query) => {
    const result = await ctx.pool.query<{
      id: number;
      name: string;
      context: string;
      lng: number;
      lat: number;
      start_ms: number;
      end_ms: number;
    }>(
      `SELECT e.id, e.name, coalesce(p.name, '') || ' ' || coalesce(p.city, '') AS context, e.lng, e.lat,
              e.start_ms, e.end_ms
       FROM events e JOIN places p ON p.id = e.place_id
       WHERE e.search @@ $1::tsquery AND e.end_ms / 60000 >= $4 AND e.end_ms >= $2
       ORDER BY e.end_ms / 60000, e.id % 16777216 LIMIT $3`,
      [query, now, perQuery, Math.floor(now / 60_000)],
    );
    return result.rows;
  });
  const seen = new Set<number>();
  const candidates: Candidate[] = [];
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
  return candidates;
}

async function placeCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, PLACES, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  type PlaceRow = {
    id: string;
    name: string;
    address: string;
    city: string | null;
    lng: number;
    lat: number;
    average_grade: number | null;
    total_grades: number | null;
  };
  const rows = await runTiers(candidateTiers(words, nearCells(params), true), perQuery, async (query) => {
    const result = await ctx.pool.query<PlaceRow>(
      `SELECT id, name, address, city, lng, lat, average_grade, total_grades FROM map_places
       WHERE search @@ $1::tsquery ORDER BY id LIMIT $2`,
      [query, perQuery],
    );
    return result.rows;
  });
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const relevance = textRelevance(words, row.name, `${row.city ?? ''} ${row.address}`);
    const key = rankKey({ kind: 'place', id: row.id, relevance, lng: row.lng, lat: row.lat }, params.point, now);
    candidates.push({
      key,
      build: async (score) => ({
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
  return candidates;
}

async function performerCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, PERFORMERS, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  type PerformerRow = { id: number; name: string; image: string | null; web_image: string | null };
  const rows = await runTiers(candidateTiers(words, null, false), perQuery, async (query) => {
    const result = await ctx.pool.query<PerformerRow>(
      'SELECT id, name, image, web_image FROM performers WHERE search @@ $1::tsquery ORDER BY id LIMIT $2',
      [query, perQuery],
    );
    return result.rows;
  });
  const seen = new Set<number>();
  const candidates: Candidate[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const relevance = textRelevance(words, row.name);
    const key = rankKey({ kind: 'performer', id: row.id, relevance }, params.point, now);
    candidates.push({
      key,
      // Only performers the catalogue can show events for (checked for the few that make the page).
      build: async (score) =>
        (await performerHasEvent(ctx.pool, row.id))
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
  return candidates;
}

async function search(ctx: PgStoreContext, params: SearchParams): Promise<TSearchItem[]> {
  const text = queryWords(params.text);
  if (text.length === 0) return [];
  const now = ctx.clock();
  const candidates: Candidate[] = [];
  if (params.types.includes('events')) candidates.push(...(await eventCandidates(ctx, text, params, now)));
  if (params.types.includes('places')) candidates.push(...(await placeCandidates(ctx, text, params, now)));
  if (params.types.includes('performers')) candidates.push(...(await performerCandidates(ctx, text, params, now)));
  candidates.sort((a, b) => compareRanked(a.key, b.key));
  const items: TSearchItem[] = [];
  for (const candidate of candidates) {
    if (items.length >= params.limit) break;
    const item = await candidate.build(candidate.key.relevance);
    if (item) items.push(item);
  }
  return items;
}

/** The map place best matching `name` within PLACE_SEARCH_RADIUS_M of the point (see the SQLite store's rule). */
async function searchPlace(
  ctx: PgStoreContext,
  name: string,
  point: { lng: number; lat: number },
): Promise<RecordWithEventsJson | null> {
  const words = await expandWords(ctx.pool, PLACES, queryWords(name), false);
  if (words.length === 0) return null;
  const dLat = PLACE_SEARCH_RADIUS_M / 111_195;
  const dLng = dLat / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  const { rows } = await ctx.pool.query<{ id: string; name: string; lng: number; lat: number }>(
    `SELECT id, name, lng, lat FROM map_places
     WHERE search @@ $1::tsquery AND lat BETWEEN $2 AND $3 AND lng BETWEEN $4 AND $5`,
    [tsQuery(words, 'A'), point.lat - dLat, point.lat + dLat, point.lng - dLng, point.lng + dLng],
  );
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
  if (!best || !(await mapPlaceHadEvent(ctx.pool, best.id, ctx.clock()))) return null;
  return getMapPlace(ctx, best.id);
}

/** The performer `name` confidently designates, or null (see the SQLite store's rule). */
async function searchPerformer(ctx: PgStoreContext, name: string): Promise<RecordWithEventsJson | null> {
  const words = await expandWords(ctx.pool, PERFORMERS, queryWords(name), false);
  if (words.length === 0) return null;
  const { rows } = await ctx.pool.query<{ id: number; name: string }>(
    `SELECT id, name FROM performers WHERE search @@ $1::tsquery AND identity_confirmed
     ORDER BY id LIMIT ${MAX_PERFORMER_CANDIDATES}`,
    [tsQuery(words, null)],
  );
  let best: Array<{ id: number; relevance: number }> = [];
  for (const row of rows) {
    if (!isCompleteMatch(words, row.name) || !(await performerHasEvent(ctx.pool, row.id))) continue;
    const relevance = textRelevance(words, row.name);
    if (best.length === 0 || relevance > (best[0]?.relevance ?? 0)) best = [{ id: row.id, relevance }];
    else if (relevance === best[0]?.relevance) best.push({ id: row.id, relevance });
  }
  const only = best.length === 1 ? best[0] : undefined;
  return only ? getPerformer(ctx, only.id) : null;
}

export function createPgSearchStore(ctx: PgStoreContext): SearchStore {
  return {
    search: (params) => search(ctx, params),
    searchPlace: (name, point) => searchPlace(ctx, name, point),
    searchPerformer: (name) => searchPerformer(ctx, name),
    // GIN indexes need no merge step after a bulk load; ANALYZE gives the planner the new statistics.
    optimize: async () => {
      await ctx.pool.query('ANALYZE events, map_places, performers, search_terms');
    },
  };
}
