'use client';

import type { TEvent } from '@/lib/contract';
import { formatCount } from '@/lib/explorer/card-format';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import { ResultsList } from './results-list';
import type { MapMode } from './use-map-mode';

export interface ResultsPanelProps {
  locale: Locale;
  t: ExplorerMessages;
  mode: MapMode;
  events: readonly TEvent[];
  total: number;
  nowMs: number;
  selected: number | null;
  onHover: (id: number | null) => void;
  /** The first load has not answered yet (skeletons), or a later one is under way (the previous results stay). */
  loading: { first: boolean; updating: boolean; fetching: boolean };
  /** The last load failed (with nothing to show unless an earlier answer is kept); `retry` asks again. */
  error: { failed: boolean; retry: () => void };
  /** The load answered: an empty answer shows the ways out. */
  answered: boolean;
  /** A message from "near me" (refused, unavailable). */
  notice: string | null;
  /** The ways out of an empty result: zoom out (with a map), clear the filters (when any is set). */
  onZoomOut: (() => void) | null;
  onClearFilters: (() => void) | null;
  /** On a phone the panel is a sheet over the map: whether it is open. */
  sheet: { open: boolean; toggle: () => void };
}

function summaryText(t: ExplorerMessages, locale: Locale, total: number, shown: number): string {
  if (total > shown) return t.truncated(formatCount(total, locale), formatCount(shown, locale));
  if (total === 1) return t.countOne;
  if (total > 1) return t.countHere(formatCount(total, locale));
  return '';
}

/** The results panel: the count, the loading, error and empty states, and the list of events. */
export function ResultsPanel(props: ResultsPanelProps) {
  const { locale, t, mode, events, loading, error, answered, sheet } = props;
  const listOnly = mode === 'no-webgl' || mode === 'lost';
  const summary = answered && !error.failed ? summaryText(t, locale, props.total, events.length) : '';
  return (
    <section
      className={styles.panel}
      aria-label={t.resultsPanel}
      aria-busy={loading.fetching}
      data-open={sheet.open || undefined}
    >
      <button type="button" className={styles.sheetHandle} aria-expanded={sheet.open} onClick={sheet.toggle}>
        <span aria-hidden="true" className={styles.sheetGrip} />
        {sheet.open ? t.showMap : t.showList}
      </button>
      {listOnly && (
        <p className={styles.notice} role="note">
          {mode === 'lost' ? t.lostWebGl : t.noWebGl}
        </p>
      )}
      {props.notice && (
        <p className={styles.notice} role="alert">
          {props.notice}
        </p>
      )}
      <div className={styles.summary}>
        <p role="status" aria-live="polite" className={styles.summaryText} data-testid="results-summary">
          {loading.first ? t.loading : summary}
        </p>
        {loading.updating && (
          <span className={styles.updating} aria-hidden="true">
            {t.updating}
          </span>
        )}
      </div>
      <ResultsBody {...props} />
    </section>
  );
}

/** What the panel shows below the count: skeletons, the error, the empty state or the list. */
function ResultsBody({
  locale,
  t,
  events,
  nowMs,
  selected,
  onHover,
  loading,
  error,
  answered,
  onZoomOut,
  onClearFilters,
}: ResultsPanelProps) {
  if (loading.first && !error.failed) {
    return (
      <ul className={styles.skeletons} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.skeleton} />
        ))}
      </ul>
    );
  }
  if (error.failed && !answered) {
    return (
      <div className={styles.state} role="alert">
        <p>{t.error}</p>
        <button type="button" className="button button--primary" onClick={error.retry}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (answered && events.length === 0) {
    return (
      <div className={styles.state}>
        <p className={styles.stateTitle}>{t.empty}</p>
        <p className={styles.stateActions}>
          {onZoomOut && (
            <button type="button" className="button" onClick={onZoomOut}>
              {t.zoomOut}
            </button>
          )}
          {onClearFilters && (
            <button type="button" className="button" onClick={onClearFilters}>
              {t.clearFilters}
            </button>
          )}
        </p>
      </div>
    );
  }
  if (events.length === 0) return null;
  return <ResultsList events={events} locale={locale} now={nowMs} selected={selected} onHover={onHover} />;
}
