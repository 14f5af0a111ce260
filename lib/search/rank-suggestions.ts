/** What ranking needs of a suggestion: its kind and the name it shows. */
interface Ranked {
  kind: 'event' | 'place' | 'performer' | 'town';
  label: string;
}

/** Lower case, no accents, punctuation as spaces, single spaces: "Théâtre  du-Rond Point" → "theatre du rond point". */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Levenshtein distance, stopping early past `max` (names are short; only "one typo" matters here). */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return false;
    prev = row;
  }
  return prev[b.length]! <= max;
}

/**
 * How closely a name answers what was typed: 0 = the same name (case, accents and punctuation aside), 1 = near it (one
 * typo in a name of five letters or more, or the name with a leading article such as "Le", "The"), 2 = otherwise.
 */
export function nameMatch(typed: string, label: string): 0 | 1 | 2 {
  const q = foldName(typed);
  const name = foldName(label);
  if (!q || !name) return 2;
  if (q === name) return 0;
  const bare = name.replace(/^(?:the|le|la|les|l) /, '');
  if (q === bare) return 1;
  if (q.length >= 5 && within(q, name, 1)) return 1;
  return 2;
}

/**
 * The bar's options with an exact or near-exact name match first, whatever its kind (a performer, a place or a town
 * called exactly what was typed beats events that merely mention it), exact before near; the rest keep their order.
 * Among equally close matches, performers, places and towns come before events, which only mention the name. The
 * kinds then stay together (the bar lists them under one heading each, in the order their first option comes), so
 * the best match's group leads.
 */
export function rankSuggestions<T extends Ranked>(typed: string, options: readonly T[]): T[] {
  const kindOrder = (o: T) => (o.kind === 'event' ? 1 : 0);
  const ranked = options
    .map((option, index) => ({ option, index, match: nameMatch(typed, option.label) }))
    .sort((a, b) => {
      if (a.match !== b.match) return a.match - b.match;
      if (a.match < 2 && kindOrder(a.option) !== kindOrder(b.option)) return kindOrder(a.option) - kindOrder(b.option);
      return a.index - b.index;
    })
    .map(({ option }) => option);
  const kinds = [...new Set(ranked.map((o) => o.kind))];
  return kinds.flatMap((kind) => ranked.filter((o) => o.kind === kind));
}
