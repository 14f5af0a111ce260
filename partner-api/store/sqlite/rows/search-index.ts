import { isCellToken } from '@/partner-api/search/cells';
import { tokenize } from '@/partner-api/search/normalize';
import { matchExpression, Vocabulary, type WordExpansion } from '@/partner-api/search/vocabulary';
import { candidateTiers as sharedTiers, type CandidateTier, type TierSyntax } from '../../model/search-results';
import type { Db } from '../open';
import { stmt } from '../statements';

/** The three FTS5 indexes of migration 003. */
export type SearchIndexName = 'events' | 'places' | 'performers';

const VOCAB_TABLES: Record<SearchIndexName, string> = {
  events: 'search_events_vocab',
  places: 'search_places_vocab',
  performers: 'search_performers_vocab',
};

/** Queries longer than this many words are cut: each word is one more AND in the MATCH expression. */
const MAX_QUERY_WORDS = 8;

interface VocabularyCache {
  version: number;
  loadedAt: number;
  terms: number;
  vocabularies: Map<SearchIndexName, Vocabulary>;
}

const caches = new WeakMap<Db, VocabularyCache>();

/** Vocabularies up to this many terms (all indexes together) reload at once after a change; larger ones throttle. */
const RELOAD_AT_ONCE_TERMS = 50_000;
const RELOAD_INTERVAL_MS = 1_000;

/**
 * The vocabulary of an index, for typo candidates. It is reloaded when the indexes changed (search_meta.version):
 * at once while small (loading costs about as much as a query), at most once a second when large, so a catalogue
 * under constant writes (simulate) does not pay a reload per query. A word added since the last load only misses
 * its typo candidates for that short while: exact and prefix matching go to FTS5 directly.
 */
export function vocabularyOf(db: Db, index: SearchIndexName): Vocabulary {
  const version = (stmt(db, "SELECT value FROM search_meta WHERE key = 'version'").get() as { value: number }).value;
  let cache = caches.get(db);
  const now = performance.now();
  const stale =
    !cache ||
    (cache.version !== version && (cache.terms < RELOAD_AT_ONCE_TERMS || now - cache.loadedAt >= RELOAD_INTERVAL_MS));
  if (stale || !cache) {
    cache = { version, loadedAt: now, terms: 0, vocabularies: new Map() };
    caches.set(db, cache);
  }
  let vocabulary = cache.vocabularies.get(index);
  if (!vocabulary) {
    const rows = stmt(db, `SELECT term, doc FROM ${VOCAB_TABLES[index]}`).all() as Array<{ term: string; doc: number }>;
    vocabulary = new Vocabulary(rows.filter((row) => !isCellToken(row.term)));
    cache.vocabularies.set(index, vocabulary);
    cache.terms += rows.length;
  }
  return vocabulary;
}

/** The folded words of a query text (at most MAX_QUERY_WORDS). */
export function queryWords(text: string): string[] {
  return tokenize(text).slice(0, MAX_QUERY_WORDS);
}

/** The words of a query expanded against an index: the last one as a prefix when `typeahead`. */
export function expandWords(db: Db, index: SearchIndexName, words: string[], typeahead: boolean): WordExpansion[] {
  const vocabulary = vocabularyOf(db, index);
  return words.map((word, i) => vocabulary.expand(word, typeahead && i === words.length - 1));
}

/** The FTS5 MATCH expression of expanded words, or null when there is nothing to look for. */
export function ftsMatch(words: WordExpansion[]): string | null {
  return words.length === 0 ? null : matchExpression(words);
}

/** The candidate tiers (model/search-results.ts) as FTS5 MATCH expressions over the name and context columns. */
const FTS5: TierSyntax = {
  inName: (words) => `name : (${matchExpression(words)})`,
  anywhere: (words) => matchExpression(words),
  nearCells: (cells) => `context : (${cells.join(' OR ')})`,
  both: (first, second) => `(${first}) AND ${second}`,
};

/** The bounded candidate queries of a search in FTS5 syntax. */
export function candidateTiers(
  words: WordExpansion[],
  options: { near: string[] | null; hasContext: boolean },
): CandidateTier[] {
  return sharedTiers(FTS5, words, options);
}

/** Runs the tiers of a search with `run(match)` (a bounded query), skipping fallbacks that are not needed. */
export function runTiers<T>(tiers: CandidateTier[], perQuery: number, run: (match: string) => T[]): T[] {
  const rows: T[] = [];
  let previous = 0;
  for (const tier of tiers) {
    if (tier.fallback && previous >= perQuery) continue;
    const found = withMatch(() => run(tier.query));
    previous = found.length;
    rows.push(...found);
  }
  return rows;
}

/**
 * Runs a MATCH query; an expression FTS5 refuses counts as "no match". Query words are quoted letters and digits,
 * so this only guards against a character the JavaScript tokenizer and FTS5's disagree about (a quoted term that
 * FTS5 splits in two is a phrase, which the column-detail index cannot answer): such a search finds nothing
 * rather than failing with a 500.
 */
export function withMatch<T>(run: () => T[]): T[] {
  try {
    return run();
  } catch (error) {
    if (error instanceof Error && /fts5/i.test(error.message)) return [];
    throw error;
  }
}
