import { CATEGORY_LABELS, type TMainCategory } from '@/lib/contract/categories';
import type { Locale } from './config';

const collators = new Map<Locale, Intl.Collator>();

/**
 * Categories in the alphabetical order of their labels in a language ("Cinema, Conference, Exhibition…" in English,
 * "Atelier, Brocante, Cinéma…" in French): the keys are French words, so their own order only suits French.
 */
export function categoriesByLabel(categories: readonly TMainCategory[], locale: Locale): TMainCategory[] {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  const by = collator;
  return [...categories].sort((a, b) => by.compare(CATEGORY_LABELS[a][locale], CATEGORY_LABELS[b][locale]));
}
