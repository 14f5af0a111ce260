/**
 * Text normalization shared by the index and the query side. It mirrors FTS5's `unicode61 remove_diacritics 2`
 * tokenizer (case folding, diacritics removed, letters and digits are token characters, everything else separates)
 * so that the words the service compares in JavaScript are exactly the terms stored in the index.
 */

/** Ligatures that NFKD leaves alone but French writers type either way ("œuvre" / "oeuvre"). */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };
const LIGATURE_RE = /[œŒæÆß]/g;

/** The SQL expression applying the same ligature folding to a column (used by the index triggers). */
export function sqlFoldLigatures(expression: string): string {
  let sql = expression;
  for (const [from, to] of Object.entries(LIGATURES)) sql = `replace(${sql}, '${from}', '${to}')`;
  return sql;
}

/** Lower-cased, accent-free, ligature-folded text. */
export function foldText(text: string): string {
  return text
    .replace(LIGATURE_RE, (c) => LIGATURES[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The index terms of a text, in order. */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}
