import type { TSearchItem } from '@/lib/contract';
import { tokenize } from '@/partner-api/search/normalize';
import { editVariants, MIN_TYPO_LENGTH } from '@/partner-api/search/typo';
import type { WordExpansion } from '@/partner-api/search/vocabulary';
import type { SearchStore } from '../../port';
import type { RecordWithEventsJson, SearchParams } from '../../search-types';
import {
  bestPlaceId,
  byRank,
  candidateTiers,
  confidentPerformerId,
  EXTRA_CANDIDATES,
  eventItem,
  MAX_PERFORMER_CANDIDATES,
  nearCells,
  performerItem,
  placeItem,
  placeSearchBox,
  rankEvents,
  rankPerformers,
  rankPlaces,
  wholeNameMatches,
  type Candidate,
  type CandidateTier,
  type EventDocRow,
  type EventItemRow,
  type PerformerItemRow,
  type PlaceItemRow,
  type TierSyntax,
} from '../../model/search-results';
import type { Queryable } from '../pool';
import { getMapPlace } from './get-map-place';
import { getPerformer } from './get-performer';
import { mapPlaceHadEvent, performerHasEvent } from '../rows/record-events';
import type { PgStoreContext } from '../rows/store-context';

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

/** At most this many typo alternatives per word (as Vocabulary.expand). */
const MAX_TYPOS = 8;
/** Queries longer than this many words are cut (as in the SQLite store). */
const MAX_QUERY_WORDS = 8;

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

/** The candidate tiers (model/search-results.ts) as tsqueries over the weighted tsvector. */
const TSQUERY: TierSyntax = {
  inName: (words) => tsQuery(words, 'A'),
  anywhere: (words) => tsQuery(words, null),
  nearCells: (cells) => `(${cells.map((cell) => `${lexeme(cell)}:B`).join(' | ')})`,
  both: (first, second) => `(${first}) & ${second}`,
};

async function runTiers<T>(
  tiers: CandidateTier[],
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

type PgCandidate = Candidate<Promise<TSearchItem | null>>;

/** The search item of an event, from its columns (model/search-results.ts: eventItem). */
async function eventItemOf(ctx: PgStoreContext, id: number, score: number): Promise<TSearchItem | null> {
  const { rows } = await ctx.pool.query<EventItemRow & { category_ids: number[] | null }>(
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
  return row ? eventItem(row, row.category_ids ?? [], ctx.publicUrl, score) : null;
}

async function eventCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, EVENTS, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  // Soonest-ending first, in whole minutes then id: the order of the SQLite index's rowids. Passed events are left
  // out (a search bar is for going out).
  const tiers = candidateTiers(TSQUERY, words, { near: nearCells(params), hasContext: true });
  const rows = await runTiers(tiers, perQuery, async (query) => {
    const result = await ctx.pool.query<EventDocRow>(
      `SELECT e.id, e.name, coalesce(p.name, '') || ' ' || coalesce(p.city, '') AS context, e.lng, e.lat,
              e.start_ms, e.end_ms
       FROM events e JOIN places p ON p.id = e.place_id
       WHERE e.search @@ $1::tsquery AND e.end_ms / 60000 >= $4 AND e.end_ms >= $2
       ORDER BY e.end_ms / 60000, e.id % 16777216 LIMIT $3`,
      [query, now, perQuery, Math.floor(now / 60_000)],
    );
    return result.rows;
  });
  return rankEvents(rows, words, params, now).map(({ key, row }): PgCandidate => ({
    key,
    build: (score) => eventItemOf(ctx, row.id, score),
  }));
}

async function placeCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, PLACES, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(TSQUERY, words, { near: nearCells(params), hasContext: true });
  const rows = await runTiers(tiers, perQuery, async (query) => {
    const result = await ctx.pool.query<PlaceItemRow>(
      `SELECT id, name, address, city, lng, lat, average_grade, total_grades FROM map_places
       WHERE search @@ $1::tsquery ORDER BY id LIMIT $2`,
      [query, perQuery],
    );
    return result.rows;
  });
  return rankPlaces(rows, words, params, now).map(({ key, row }): PgCandidate => ({
    key,
    build: async (score) => placeItem(row, score),
  }));
}

async function performerCandidates(ctx: PgStoreContext, text: string[], params: SearchParams, now: number) {
  const words = await expandWords(ctx.pool, PERFORMERS, text, true);
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(TSQUERY, words, { near: null, hasContext: false });
  const rows = await runTiers(tiers, perQuery, async (query) => {
    const result = await ctx.pool.query<PerformerItemRow>(
      'SELECT id, name, image, web_image FROM performers WHERE search @@ $1::tsquery ORDER BY id LIMIT $2',
      [query, perQuery],
    );
    return result.rows;
  });
  return rankPerformers(rows, words, params, now).map(({ key, row }): PgCandidate => ({
    key,
    // Only performers the catalogue can show events for (checked for the few that make the page).
    build: async (score) =>
      (await performerHasEvent(ctx.pool, row.id)) ? performerItem(row, ctx.publicUrl, score) : null,
  }));
}

async function search(ctx: PgStoreContext, params: SearchParams): Promise<TSearchItem[]> {
  const text = queryWords(params.text);
  if (text.length === 0) return [];
  const now = ctx.clock();
  const candidates: PgCandidate[] = [];
  if (params.types.includes('events')) candidates.push(...(await eventCandidates(ctx, text, params, now)));
  if (params.types.includes('places')) candidates.push(...(await placeCandidates(ctx, text, params, now)));
  if (params.types.includes('performers')) candidates.push(...(await performerCandidates(ctx, text, params, now)));
  const items: TSearchItem[] = [];
  for (const candidate of byRank(candidates)) {
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
  const box = placeSearchBox(point);
  const { rows } = await ctx.pool.query<{ id: string; name: string; lng: number; lat: number }>(
    `SELECT id, name, lng, lat FROM map_places
     WHERE search @@ $1::tsquery AND lat BETWEEN $2 AND $3 AND lng BETWEEN $4 AND $5`,
    [tsQuery(words, 'A'), box.minLat, box.maxLat, box.minLng, box.maxLng],
  );
  const id = bestPlaceId(rows, words, point);
  if (id === null || !(await mapPlaceHadEvent(ctx.pool, id, ctx.clock()))) return null;
  return getMapPlace(ctx, id);
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
  const matches: Array<{ id: number; name: string }> = [];
  for (const row of wholeNameMatches(rows, words)) {
    if (await performerHasEvent(ctx.pool, row.id)) matches.push(row);
  }
  const id = confidentPerformerId(matches, words);
  return id === null ? null : getPerformer(ctx, id);
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
