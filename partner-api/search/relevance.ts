import { tokenize } from './normalize';
import { MIN_TYPO_LENGTH, prefixWithinOneEdit, withinOneEdit } from './typo';
import type { WordExpansion } from './vocabulary';

/**
 * Text relevance of one result, in [0, 1.2]: how well each query word matches the result's name (or, worth
 * half, its context: city, venue, address). Discrete on purpose: two results with the same name score the same,
 * so proximity and then date decide between them (the ranking rule of docs/design.md §4.6). BM25 only picks candidates.
 */

const EXACT = 1;
const PREFIX = 0.9;
const TYPO = 0.75;
const TYPO_PREFIX = 0.7;
const CONTEXT_FACTOR = 0.5;
const STARTS_WITH_BONUS = 0.1;
const WHOLE_NAME_BONUS = 0.1;

/** Articles and linking words that neither make a name start nor count when judging a whole-name match. */
const STOP_WORDS = new Set([
  'a',
  'au',
  'aux',
  'd',
  'de',
  'des',
  'du',
  'en',
  'et',
  'l',
  'la',
  'le',
  'les',
  'of',
  'sur',
  'the',
  'un',
  'une',
]);

function wordScore(query: WordExpansion, token: string): number {
  const { word, prefix } = query;
  if (token === word) return EXACT;
  if (prefix && token.startsWith(word)) return PREFIX;
  if (word.length >= MIN_TYPO_LENGTH) {
    if (withinOneEdit(word, token)) return TYPO;
    if (prefix && prefixWithinOneEdit(word, token)) return TYPO_PREFIX;
  }
  return 0;
}

function bestScore(query: WordExpansion, tokens: string[]): number {
  let best = 0;
  for (const token of tokens) {
    const score = wordScore(query, token);
    if (score > best) best = score;
    if (best === EXACT) break;
  }
  return best;
}

// Names repeat a lot (recurring events, chains of venues): remember their tokens, within bounds.
const tokenCache = new Map<string, string[]>();
const TOKEN_CACHE_MAX = 100_000;

function cachedTokens(text: string): string[] {
  let tokens = tokenCache.get(text);
  if (!tokens) {
    if (tokenCache.size >= TOKEN_CACHE_MAX) tokenCache.clear();
    tokens = tokenize(text);
    tokenCache.set(text, tokens);
  }
  return tokens;
}

/** Relevance of a result named `name` (with optional `context` text) for the query words; rounded to 1e-3. */
export function textRelevance(words: WordExpansion[], name: string, context = ''): number {
  if (words.length === 0) return 0;
  const nameTokens = cachedTokens(name);
  const contextTokens = context ? cachedTokens(context) : [];
  let sum = 0;
  const matchedName = new Set<number>();
  for (const query of words) {
    let best = 0;
    let bestIndex = -1;
    nameTokens.forEach((token, index) => {
      const score = wordScore(query, token);
      if (score > best || (score === best && score > 0 && matchedName.has(bestIndex) && !matchedName.has(index))) {
        best = score;
        bestIndex = index;
      }
    });
    if (bestIndex >= 0) matchedName.add(bestIndex);
    sum += Math.max(best, CONTEXT_FACTOR * bestScore(query, contextTokens));
  }
  let relevance = sum / words.length;
  const significant = nameTokens.map((token, index) => ({ token, index })).filter((t) => !STOP_WORDS.has(t.token));
  const first = significant[0] ?? { token: nameTokens[0] ?? '', index: 0 };
  const firstQuery = words.find((query) => !STOP_WORDS.has(query.word)) ?? words[0];
  if (firstQuery && wordScore(firstQuery, first.token) > 0) relevance += STARTS_WITH_BONUS;
  if (significant.length > 0 && significant.every((t) => matchedName.has(t.index))) relevance += WHOLE_NAME_BONUS;
  return Math.round(relevance * 1000) / 1000;
}

/**
 * True when the query names exactly this result: every query word matches a word of the name (as typed or with
 * one typo, never as a mere prefix) and every word of the name is matched, articles aside ("Le Petit Théâtre" =
 * "petit theatre"). Used where a single confident answer is wanted (performer search).
 */
export function isCompleteMatch(words: WordExpansion[], name: string): boolean {
  const nameTokens = tokenize(name);
  const significant = nameTokens.filter((token) => !STOP_WORDS.has(token));
  const required = significant.length > 0 ? significant : nameTokens;
  const queryWords = words.filter((query) => !STOP_WORDS.has(query.word));
  const asked = queryWords.length > 0 ? queryWords : words;
  if (asked.length === 0 || required.length === 0) return false;
  const exactOrTypo = (query: WordExpansion, token: string) => {
    const score = wordScore({ ...query, prefix: false }, token);
    return score === EXACT || score === TYPO;
  };
  return (
    asked.every((query) => nameTokens.some((token) => exactOrTypo(query, token))) &&
    required.every((token) => words.some((query) => exactOrTypo(query, token)))
  );
}
