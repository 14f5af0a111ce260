'use client';

import type { SearchOption } from '@/lib/explorer/search-request';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './search.module.css';

const GROUPS = ['event', 'place', 'performer'] as const;

/** An option's identity across result sets (its position changes as results arrive). */
export const optionKey = (option: SearchOption) => `${option.kind}-${option.id}`;

export interface SearchListboxProps {
  /** The combobox's id prefix: the listbox, status, groups and options take ids from it. */
  id: string;
  t: ExplorerMessages;
  expanded: boolean;
  status: string;
  options: readonly SearchOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: SearchOption) => void;
  onActivate: (index: number) => void;
}

/** The combobox's popup: a live status line and the options, grouped by kind under labelled groups. */
export function SearchListbox(props: SearchListboxProps) {
  const { id, t, expanded, status, options, activeIndex, optionId, onChoose, onActivate } = props;
  const groupLabel = { event: t.groupEvents, place: t.groupPlaces, performer: t.groupPerformers };
  return (
    <div className={styles.popup} hidden={!expanded}>
      <p id={`${id}-status`} className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      <div id={`${id}-list`} role="listbox" aria-label={t.searchLabel} className={styles.listbox}>
        {GROUPS.map((kind) => {
          const inGroup = options.map((option, index) => ({ option, index })).filter((o) => o.option.kind === kind);
          if (inGroup.length === 0) return null;
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
                  // mousedown, not click: the input's blur would close the list before a click lands.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    onChoose(option);
                  }}
                  onMouseMove={() => onActivate(index)}
                >
                  <span className={styles.optionLabel}>{option.label}</span>
                  {option.detail && <span className={styles.optionDetail}>{option.detail}</span>}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
