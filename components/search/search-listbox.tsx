'use client';

import type { SearchOption } from '@/lib/explorer/search-request';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './search.module.css';
import { SearchOptionContent } from './search-option';

/** An option's identity across result sets (its position changes as results arrive). */
export const optionKey = (option: SearchOption) => `${option.kind}-${option.id}`;

export interface SearchListboxProps {
  /** The combobox's id prefix: the listbox, status, groups and options take ids from it. */
  id: string;
  t: ExplorerMessages;
  locale: Locale;
  expanded: boolean;
  status: string;
  options: readonly SearchOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: SearchOption) => void;
  onActivate: (index: number) => void;
  /** Opens the results view for the text; null when the text cannot be searched. */
  onSeeAll: (() => void) | null;
}

/** The kinds in the order the options list them (towns lead when the text names one). */
function groupOrder(options: readonly SearchOption[]): SearchOption['kind'][] {
  return [...new Set(options.map((o) => o.kind))];
}

/** The combobox's popup: a live status line, the options grouped by kind under labelled groups, and "See all". */
export function SearchListbox(props: SearchListboxProps) {
  const { id, t, locale, expanded, status, options, activeIndex, optionId, onChoose, onActivate, onSeeAll } = props;
  const groupLabel = { town: t.groupTowns, event: t.groupEvents, place: t.groupPlaces, performer: t.groupPerformers };
  return (
    <div className={styles.popup} hidden={!expanded}>
      <p id={`${id}-status`} className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      <div id={`${id}-list`} role="listbox" aria-label={t.searchLabel} className={styles.listbox}>
        {groupOrder(options).map((kind) => {
          const inGroup = options.map((option, index) => ({ option, index })).filter((o) => o.option.kind === kind);
          return (
            <div key={kind} role="group" aria-labelledby={`${id}-g-${kind}`} className={styles.group}>
              <div id={`${id}-g-${kind}`} role="presentation" className={styles.groupLabel}>
                {groupLabel[kind]}
              </div>
              {inGroup.map(({ option, index }) => (
                <div
                  key={optionKey(option)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={styles.option}
                  data-kind={option.kind}
                  // mousedown, not click: the input's blur would close the list before a click lands.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    onChoose(option);
                  }}
                  onMouseMove={() => onActivate(index)}
                >
                  <SearchOptionContent option={option} t={t} locale={locale} />
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {onSeeAll && (
        <button
          type="button"
          className={styles.seeAll}
          tabIndex={-1}
          onMouseDown={(e) => {
            e.preventDefault();
            onSeeAll();
          }}
        >
          {t.seeAllResults}
        </button>
      )}
    </div>
  );
}
