import { editVariants, MIN_TYPO_LENGTH } from './typo';

/** How a query word is looked up in the index. */
export interface WordExpansion {
  /** The word as typed (folded). */
  word: string;
  /** Matched as a prefix (the word being typed), else as a whole term. */
  prefix: boolean;
  /** One-typo alternatives that exist in the vocabulary (whole terms, or term prefixes when `prefix`). */
  typos: string[];
}

/** At most this many typo alternatives per word: each is one more OR branch in the MATCH expression. */
const MAX_TYPOS = 8;

/**
 * The index's vocabulary as a sorted array, for one-typo candidates: a binary search per candidate decides
 * whether it is a term (or, for the word being typed, a term prefix). Terms are the FTS5 tokens, so the check
 * is exactly what MATCH will find.
 */
export class Vocabulary {
  private readonly terms: string[];
  private readonly docs: Map<string, number>;

  constructor(entries: Array<{ term: string; doc: number }>) {
    this.terms = entries.map((entry) => entry.term).sort();
    this.docs = new Map(entries.map((entry) => [entry.term, entry.doc]));
  }

  get size(): number {
    return this.terms.length;
  }

  /** Documents containing the whole term (0 when absent). */
  docCount(term: string): number {
    return this.docs.get(term) ?? 0;
  }

  /** True when some term starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    const i = this.lowerBound(prefix);
    return i < this.terms.length && (this.terms[i] as string).startsWith(prefix);
  }

  /**
   * Decides how to look `word` up: whole words are tried as typed and, when the vocabulary lacks them and they
   * are long enough, with one typo; the last word of a query (being typed) likewise as a prefix.
   */
  expand(word: string, prefix: boolean): WordExpansion {
    const found = prefix ? this.hasPrefix(word) : this.docs.has(word);
    if (found || word.length < MIN_TYPO_LENGTH) return { word, prefix, typos: [] };
    const scored: Array<{ term: string; doc: number }> = [];
    for (const variant of editVariants(word)) {
      if (prefix) {
        const i = this.lowerBound(variant);
        const next = this.terms[i];
        if (next !== undefined && next.startsWith(variant)) scored.push({ term: variant, doc: this.docCount(next) });
      } else {
        const doc = this.docs.get(variant);
        if (doc !== undefined) scored.push({ term: variant, doc });
      }
    }
    // The most common alternatives first: a typo is likelier to aim at a frequent word than at a rare one.
    scored.sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1));
    return { word, prefix, typos: scored.slice(0, MAX_TYPOS).map((entry) => entry.term) };
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.terms[mid] as string) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Quotes a term for an FTS5 MATCH expression (terms are folded words: letters and digits only). */
export function ftsString(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** The FTS5 MATCH expression of a query: every word must match (as typed, as a prefix, or with one typo). */
export function matchExpression(words: WordExpansion[]): string {
  return words
    .map(({ word, prefix, typos }) => {
      const star = prefix ? '*' : '';
      const branches = [word, ...typos].map((term) => ftsString(term) + star);
      return branches.length === 1 ? branches[0] : `(${branches.join(' OR ')})`;
    })
    .join(' AND ');
}
