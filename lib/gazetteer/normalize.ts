/*
 * Town names and typed text reduced to one comparable form: no accents, lower case, words separated by single spaces,
 * and the usual abbreviations of French place names spelt out ("St-Étienne", "st etienne" and "Saint-Étienne" all
 * become "saint etienne").
 */

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  sts: 'saints',
  stes: 'saintes',
  mt: 'mont',
};

/** Accents, case and punctuation folded away; ligatures spelt out. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The key a town is indexed under: folded, every abbreviation spelt out. */
export function nameKey(name: string): string {
  return foldText(name)
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/**
 * The prefixes to look a typed text up by. Finished words are spelt out; the word being typed is tried both as it is
 * and spelt out, since "st" may be the start of "Strasbourg" as well as "Saint-".
 */
export function queryKeys(text: string): string[] {
  const words = foldText(text).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const head = words.slice(0, -1).map((word) => ABBREVIATIONS[word] ?? word);
  const last = words.at(-1)!;
  const keys = [[...head, last].join(' ')];
  const expanded = ABBREVIATIONS[last];
  if (expanded) keys.push([...head, expanded].join(' '));
  return keys;
}
