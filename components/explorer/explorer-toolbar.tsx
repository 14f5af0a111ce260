'use client';

import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import type { Snap } from './sheet-snap';

export interface ExplorerToolbarProps {
  t: ExplorerMessages;
  /** How many filters differ from the defaults (shown on the button). */
  activeFilters: number;
  onOpenFilters: () => void;
  /** The list sheet's position: "full" is the list view, anything else the map view. */
  snap: Snap;
  onSnap: (snap: Snap) => void;
  /** Without a map there is nothing to switch to. */
  hasMap: boolean;
}

/** The "Filters" button (every filter, in a sheet) and the map/list switch. */
export function ExplorerToolbar({ t, activeFilters, onOpenFilters, snap, onSnap, hasMap }: ExplorerToolbarProps) {
  const list = snap === 'full';
  return (
    <div className={styles.toolbar}>
      <button
        type="button"
        className={styles.filtersButton}
        onClick={onOpenFilters}
        aria-haspopup="dialog"
        data-testid="open-filters"
      >
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          aria-hidden="true"
        >
          <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
        </svg>
        {t.filtersCount(activeFilters)}
      </button>
      {hasMap && (
        <div className={styles.viewSwitch} role="group" aria-label={t.viewSwitch}>
          <button type="button" aria-pressed={!list} onClick={() => onSnap('peek')}>
            {t.showMap}
          </button>
          <button type="button" aria-pressed={list} onClick={() => onSnap('full')}>
            {t.showList}
          </button>
        </div>
      )}
    </div>
  );
}
