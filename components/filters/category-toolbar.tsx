'use client';

import { useEffect, useMemo, useRef } from 'react';
import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { formatCount } from '@/lib/explorer/card-format';
import type { ChipCounts } from '@/lib/explorer/chip-counts';
import { categoriesByLabel } from '@/lib/i18n/category-order';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './filters.module.css';
import { useRovingToolbar } from './use-roving-toolbar';
import { useScrollEdges } from './use-scroll-edges';

export interface CategoryToolbarProps {
  selected: readonly TMainCategory[];
  /** The categories offered: all of them, or an embed's locked ones. */
  offered?: readonly TMainCategory[];
  locale: Locale;
  t: ExplorerMessages;
  /**
   * Each chip's matches under the other filters, from the answer the list and the map draw; null shows none (a live
   * answer, a search). `stale`: the answer is the previous state's, kept on screen while the new one loads.
   */
  counts?: { values: ChipCounts | null; stale: boolean };
  onChange: (categories: TMainCategory[]) => void;
}

/**
 * One toggle chip per main category, in the alphabetical order of their labels in the page's language, as a toolbar: one Tab stop, arrow keys between chips.
 * The row scrolls sideways with arrows at its ends when it overflows, and starts scrolled to the first active chip
 * (a reloaded `?cat=sciences` shows its chip, not the row's start).
 */
export function CategoryToolbar({
  selected,
  offered: given = MAIN_CATEGORIES,
  locale,
  t,
  counts,
  onChange,
}: CategoryToolbarProps) {
  const offered = useMemo(() => categoriesByLabel(given, locale), [given, locale]);
  const firstOn = offered.findIndex((c) => selected.includes(c));
  const toolbar = useRovingToolbar(offered.length, Math.max(0, firstOn));
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller);

  useEffect(() => {
    const row = scroller.current;
    const chip = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chip) return;
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
    // Only on mount: later toggles happen where the visitor is already looking.
  }, []);

  const toggle = (category: TMainCategory) => {
    const set = new Set(selected);
    if (set.has(category)) set.delete(category);
    else set.add(category);
    onChange(MAIN_CATEGORIES.filter((c) => set.has(c)));
  };

  return (
    <div className={styles.chipsFrame} data-before={edges.before || undefined} data-after={edges.after || undefined}>
      <button
        type="button"
        className={styles.chipsArrow}
        data-side="before"
        tabIndex={-1}
        aria-hidden="true"
        title={t.scrollCategoriesBack}
        hidden={!edges.before}
        onClick={() => edges.page(-1)}
      >
        ‹
      </button>
      <div
        ref={scroller}
        className={styles.chips}
        role="toolbar"
        aria-label={t.categories}
        onKeyDown={toolbar.onKeyDown}
      >
        {offered.map((category, index) => {
          const meta = CATEGORY_LABELS[category];
          const n = counts?.values?.[category];
          const count = n === undefined ? null : formatCount(n, locale);
          return (
            <button
              key={category}
              type="button"
              className={styles.chip}
              aria-pressed={selected.includes(category)}
              data-category={category}
              // The visible text reads "Music 259"; the name says what the number is, and starts with the label.
              aria-label={count === null ? undefined : t.chipName(meta[locale], n!, count)}
              style={{ ['--chip-color' as string]: meta.color }}
              onClick={() => toggle(category)}
              {...toolbar.itemProps(index)}
            >
              <span aria-hidden="true" className="emoji">
                {meta.icon}
              </span>
              {meta[locale]}
              {count !== null && (
                <span className={styles.chipCount} data-stale={counts?.stale || undefined} data-testid="chip-count">
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className={styles.chipsArrow}
        data-side="after"
        tabIndex={-1}
        aria-hidden="true"
        title={t.scrollCategoriesForward}
        hidden={!edges.after}
        onClick={() => edges.page(1)}
      >
        ›
      </button>
    </div>
  );
}
