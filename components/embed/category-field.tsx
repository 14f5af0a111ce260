'use client';

import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { categoriesByLabel } from '@/lib/i18n/category-order';
import type { Locale } from '@/lib/i18n/config';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import styles from './snippet-builder.module.css';

export interface CategoryFieldProps {
  t: EmbedBuilderMessages;
  locale: Locale;
  value: TMainCategory[];
  onChange: (categories: TMainCategory[]) => void;
}

/** The categories as the explorer shows them (icon, translated name); none ticked means all. */
export function CategoryField({ t, locale, value, onChange }: CategoryFieldProps) {
  return (
    <fieldset className={styles.group}>
      <legend>{t.categories}</legend>
      <p className={styles.hint}>{t.categoriesHint}</p>
      <div className={styles.categories}>
        {categoriesByLabel(MAIN_CATEGORIES, locale).map((category) => {
          const meta = CATEGORY_LABELS[category];
          const checked = value.includes(category);
          return (
            <label key={category} className={styles.category} data-checked={checked || undefined}>
              <input
                type="checkbox"
                checked={checked}
                onChange={(e) =>
                  onChange(MAIN_CATEGORIES.filter((c) => (c === category ? e.target.checked : value.includes(c))))
                }
              />
              <span aria-hidden="true" className="emoji">
                {meta.icon}
              </span>
              {meta[locale]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
