import { isCellToken } from '@/partner-api/search/cells';
import { tokenize } from '@/partner-api/search/normalize';
import { matchExpression, Vocabulary, type WordExpansion } from '@/partner-api/search/vocabulary';
import type { Db } from './open';
import { stmt } from './statements';

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
  loadMs: number;
  vocabularies: Map<SearchIndexName, Vocabulary>;
}

const caches = new WeakMap<Db, VocabularyCache>();

/**
 * The vocabulary of an index, for typo candidates. It is reloaded when the indexes changed (search_meta.version),
 * at most about once per 50× its load time, so a catalogue under constant writes (simulate) does not pay a
 * reload per query; small catalogues (tests) reload at once. A word added since the last load only misses its
 * typo candidates for that short while: exact and prefix matching go to FTS5 directly.
 */
export function vocabularyOf(db: Db, index: SearchIndexName): Vocabulary {
  const version = (stmt(db, "SELECT value FROM search_meta WHERE key = 'version'").get() as { value: number }).value;
  let cache = caches.get(db);
  const now = performance.now();
  const stale =
    !cache || (cache.version !== version && (cache.loadMs < 2 || now - cache.loadedAt >= 50 * cache.loadMs));
  if (stale || !cache) {
    cache = { version, loadedAt: now, loadMs: 0, vocabularies: cache?.vocabularies ?? new Map() };
    cache.vocabularies.clear();
    caches.set(db, cache);
  }
  let vocabulary = cache.vocabularies.get(index);
  if (!vocabulary) {
    const started = performance.now();
    const rows = stmt(db, `SELECT term, doc FROM ${VOCAB_TABLES[index]}`).all() as Array<{ term: string; doc: number }>;
    vocabulary = new Vocabulary(rows.filter((row) => !isCellToken(row.term)));
    cache.vocabularies.set(index, vocabulary);
    cache.loadMs += performance.now() - started;
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

/** One bounded candidate query. */
export interface CandidateTier {
  match: string;
  /** Run only when the previous tier found fewer rows than asked (it is a looser version of that tier). */
  fallback: boolean;
}

/**
 * The bounded candidate queries of a search, best-suited first: every word in the name; with a point, every word
 * in the name near it, then (when that did not fill up) anywhere near it (geographic cell tokens of the context
 * column); without one, every word anywhere (when the name did not fill up). Each runs with a LIMIT, so a one-letter prefix costs no more than a precise name.
 */
export function candidateTiers(
  words: WordExpansion[],
  options: { near: string[] | null; hasContext: boolean },
): CandidateTier[] {
  if (words.length === 0) return [];
  const all = matchExpression(words);
  const tiers: CandidateTier[] = [{ match: `name : (${all})`, fallback: false }];
  if (!options.hasContext) return tiers;
  if (options.near && options.near.length > 0) {
    const cells = `context : (${options.near.join(' OR ')})`;
    tiers.push(
      { match: `(name : (${all})) AND ${cells}`, fallback: false },
      { match: `(${all}) AND ${cells}`, fallback: true },
    );
  } else {
    tiers.push({ match: all, fallback: true });
  }
  return tiers;
}

/** Runs the tiers of a search with `run(match)` (a bounded query), skipping fallbacks that are not needed. */
export function runTiers<T>(tiers: CandidateTier[], perQuery: number, run: (match: string) => T[]): T[] {
  const rows: T[] = [];
  let previous = 0;
  for (const tier of tiers) {
    if (tier.fallback && previous >= perQuery) continue;
    const found = run(tier.match);
    previous = found.length;
    rows.push(...found);
  }
  return rows;
}
