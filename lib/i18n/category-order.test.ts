import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, MAIN_CATEGORIES } from '@/lib/contract/categories';
import { categoriesByLabel } from './category-order';

describe('categoriesByLabel', () => {
  it('orders the chips by their label in each language', () => {
    for (const locale of ['en', 'fr'] as const) {
      const labels = categoriesByLabel(MAIN_CATEGORIES, locale).map((c) => CATEGORY_LABELS[c][locale]);
      const sorted = [...labels].sort((a, b) => a.localeCompare(b, locale, { sensitivity: 'base' }));
      expect(labels).toEqual(sorted);
    }
    // English labels are not in the keys' (French) order.
    expect(categoriesByLabel(MAIN_CATEGORIES, 'en')).not.toEqual([...MAIN_CATEGORIES]);
  });
});
