'use client';

import { useEffect, useRef } from 'react';
import { formatCount } from '@/lib/explorer/card-format';
import type { Filters } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import type { Preset } from '@/lib/explorer/preset';
import { FilterBar, type FilterBarProps } from './filter-bar';
import styles from './filters.module.css';

export interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  filters: Filters;
  locale: Locale;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  /** The partner's locked preset, and whether the filters differ from it (see FilterBar). */
  preset?: Preset;
  active?: boolean;
  /** How many events the current filters find (null while the first answer is awaited). */
  count: number | null;
  /** The category chips' counts (see CategoryToolbar). */
  counts?: FilterBarProps['counts'];
}

/** The label of the sheet's close button: the live result count of the filters being chosen. */
export function showResultsLabel(t: ReturnType<typeof explorerMessages>, locale: Locale, count: number | null) {
  if (count === null) return t.loading;
  if (count === 0) return t.showResultsNone;
  if (count === 1) return t.showResultsOne;
  return t.showResults(formatCount(count, locale));
}

/**
 * Every filter in a modal sheet (a native `<dialog>`: focus kept inside, Escape closes, the page behind is inert).
 * Changes apply at once, so the count on the close button is the live answer for what is chosen.
 */
export function FilterSheet({
  open,
  onClose,
  filters,
  locale,
  onChange,
  onClear,
  count,
  preset,
  active,
  counts,
}: FilterSheetProps) {
  const t = explorerMessages(locale);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.sheet}
      aria-labelledby="filter-sheet-title"
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={styles.sheetHead}>
        <h2 id="filter-sheet-title" className={styles.sheetTitle}>
          {t.filters}
        </h2>
        <button type="button" className={styles.sheetClose} onClick={onClose} aria-label={t.closeFilters}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.sheetBody}>
        {open && (
          <FilterBar
            filters={filters}
            locale={locale}
            onChange={onChange}
            onClear={onClear}
            preset={preset}
            active={active}
            counts={counts}
            variant="sheet"
          />
        )}
      </div>
      <div className={styles.sheetFoot}>
        <button
          type="button"
          className={`button button--primary ${styles.sheetApply}`}
          onClick={onClose}
          aria-live="polite"
          data-testid="filter-sheet-apply"
        >
          {showResultsLabel(t, locale, count)}
        </button>
      </div>
    </dialog>
  );
}
