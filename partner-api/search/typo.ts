/**
 * One-typo tolerance (Damerau–Levenshtein distance 1: a deleted, inserted, replaced or swapped character),
 * for words of five letters or more. Candidates are generated from the query word and kept only when the
 * index vocabulary holds them, so the cost is bounded by the word length, not by the vocabulary size.
 */

/** Words shorter than this are matched exactly (or as prefixes): one typo in "jazz" would match too much. */
export const MIN_TYPO_LENGTH = 5;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every string at Damerau–Levenshtein distance exactly 1 from `word` over [a-z0-9] (and the word's own letters). */
export function editVariants(word: string): Set<string> {
  const letters = new Set(ALPHABET);
  for (const c of word) letters.add(c);
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i).join('');
    if (i < chars.length) {
      out.add(head + chars.slice(i + 1).join(''));
      if (i + 1 < chars.length) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
      for (const c of letters) if (c !== chars[i]) out.add(head + c + chars.slice(i + 1).join(''));
    }
    for (const c of letters) out.add(head + c + tail);
  }
  out.delete(word);
  return out;
}

/** True when `a` and `b` are at Damerau–Levenshtein distance at most 1. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // replacement
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** True when some prefix of `word` is within one edit of `prefix` (a typo in a word still being typed). */
export function prefixWithinOneEdit(prefix: string, word: string): boolean {
  for (const length of [prefix.length - 1, prefix.length, prefix.length + 1]) {
    if (length < 1 || length > word.length) continue;
    if (withinOneEdit(prefix, word.slice(0, length))) return true;
  }
  return false;
}
