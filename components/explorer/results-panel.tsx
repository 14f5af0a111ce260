'use client';

import type { RefObject } from 'react';
import type { TExplorerEvent } from '@/lib/contract';
import { formatCount } from '@/lib/explorer/card-format';
import type { ListGroups } from '@/lib/explorer/list-order';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import { ResultsList } from './results-list';
import { SearchMore, SearchResultsHeading, searchEmptyMessage, searchSummary } from './search-results-heading';
import type { SearchListState } from './use-list-source';
import { SheetHandle } from './sheet-handle';
import type { Snap } from './sheet-snap';
import type { MapMode } from './use-map-mode';

export interface ResultsPanelProps {
  locale: Locale;
  t: ExplorerMessages;
  mode: MapMode;
  events: readonly TExplorerEvent[];
  /** The events as the list shows them: what starts soon, then what was already running (see lib/explorer/list-order). */
  groups: ListGroups;
  /** The panel's scrolling box (the list's position is kept across a visit to an event page). */
  scroller?: RefObject<HTMLElement | null>;
  total: number;
  /** Where the answer came from: `live` answers hold one page, and the count says how many of how many it shows. */
  source?: 'mirror' | 'live';
  /** The answer comes from the web app's copy while the Partner API fails: a quiet notice says it may be old. */
  degraded?: boolean;
  /** A new answer is on its way (a flight, a filter): the cards shown are the previous state's, dimmed. */
  stale?: boolean;
  /** The list shows the answer of the view the explorer settled on (Back from an event page restores it then). */
  settled?: boolean;
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
  /** Widens the dates (drops "live now" or a date preset) when the visitor may. */
  onLaterDates?: (() => void) | null;
  /** "Live now" is on: an empty answer says nothing is on right now. */
  live?: boolean;
  /** On a phone the panel is a sheet over the map, snapped to peek, half or full. */
  sheet: { snap: Snap; onSnap: (snap: Snap) => void };
  /** The results view (a `q`): its heading, count and empty message replace the viewport's; null for the viewport. */
  search?: (SearchListState & { onClose: () => void }) | null;
}

function summaryText(t: ExplorerMessages, locale: Locale, total: number, shown: number, live: boolean): string {
  if (live && total > shown) return t.truncated(formatCount(total, locale), formatCount(shown, locale));
  if (total === 1) return t.countOne;
  if (total > 1) return t.countHere(formatCount(total, locale));
  return '';
}

/** The results panel: the count, the loading, error and empty states, and the list of events. */
export function ResultsPanel({ scroller, ...props }: ResultsPanelProps) {
  const { locale, t, mode, events, loading, error, answered, sheet } = props;
  const listOnly = mode === 'no-webgl' || mode === 'lost';
  const search = props.search ?? null;
  const count = search
    ? searchSummary(t, locale, search, events.length)
    : summaryText(t, locale, props.total, events.length, props.source === 'live');
  // A failed reload keeps the earlier list on screen while the query keeps asking (components/explorer/query-client).
  const summary = !answered ? '' : error.failed ? t.reconnecting : count;
  return (
    <aside
      id="results"
      ref={scroller}
      className={styles.panel}
      aria-label={t.resultsPanel}
      aria-busy={loading.fetching || props.stale === true}
      data-snap={sheet.snap}
      data-stale={props.stale || undefined}
      tabIndex={-1}
    >
      {!listOnly && <SheetHandle t={t} snap={sheet.snap} onSnap={sheet.onSnap} />}
      <h2 className="visually-hidden">{t.resultsHeading}</h2>
      {listOnly && (
        <p className={styles.notice} role="note">
          {mode === 'lost' ? t.lostWebGl : t.noWebGl}
        </p>
      )}
      {props.degraded && (
        <p className={styles.quietNotice} role="status" data-testid="degraded-notice">
          {t.degraded}
        </p>
      )}
      {props.notice && (
        <p className={styles.notice} role="alert">
          {props.notice}
        </p>
      )}
      {search && <SearchResultsHeading t={t} search={search} onClose={search.onClose} />}
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
      <ResultsBody {...props} scroller={scroller} />
      {search && events.length > 0 && <SearchMore t={t} search={search} />}
    </aside>
  );
}

/** What the panel shows below the count: skeletons, the error, the empty state or the list. */
function ResultsBody({
  locale,
  t,
  events,
  groups,
  nowMs,
  selected,
  onHover,
  loading,
  error,
  answered,
  onZoomOut,
  onClearFilters,
  onLaterDates = null,
  live = false,
  search,
  scroller,
  settled = true,
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
        {/* A search that fails is not "no results": the service cannot search right now. */}
        <p>{search ? t.searchUnavailable : t.error}</p>
        <button type="button" className="button button--primary" onClick={error.retry}>
          {t.retry}
        </button>
      </div>
    );
  }
  if (answered && events.length === 0) {
    return (
      <EmptyState
        t={t}
        onZoomOut={search ? null : onZoomOut}
        onClearFilters={onClearFilters}
        // The filters hid every listed match, but the search may find more: a way to look further.
        onLaterDates={search?.more ? search.more : onLaterDates}
        laterLabel={search?.more ? t.searchMore : undefined}
        live={live}
        message={search ? searchEmptyMessage(t, search) : null}
      />
    );
  }
  if (events.length === 0) return null;
  return (
    <ResultsList
      groups={groups}
      locale={locale}
      now={nowMs}
      selected={selected}
      onHover={onHover}
      // A search's list is as long as the visitor asked the search for: all of it is shown.
      all={Boolean(search)}
      scroller={scroller}
      settled={settled}
    />
  );
}

/**
 * An empty answer says so and offers the nearest widening the visitor may make (later dates, a bigger area, fewer
 * filters); inside a partner's locked preset with nothing left to widen, it says when to come back instead.
 */
function EmptyState({
  t,
  live,
  onZoomOut,
  onClearFilters,
  onLaterDates,
  laterLabel,
  message,
}: Pick<ResultsPanelProps, 't' | 'onZoomOut' | 'onClearFilters'> & {
  live: boolean;
  onLaterDates: (() => void) | null;
  /** The first way's label when it is not "later dates" (the results view's "show more results"). */
  laterLabel?: string;
  /** What the results view says when nothing matches, instead of the viewport's message. */
  message: string | null;
}) {
  const ways = [
    onLaterDates && { label: laterLabel ?? t.laterDates, run: onLaterDates },
    onZoomOut && { label: t.zoomOut, run: onZoomOut },
    onClearFilters && { label: t.clearFilters, run: onClearFilters },
  ].filter((way): way is { label: string; run: () => void } => Boolean(way));
  const title = message ?? (ways.length === 0 ? t.emptyFrame : live ? t.emptyLive : t.empty);
  return (
    <div className={styles.state} data-testid="empty-state">
      <p className={styles.stateTitle}>{title}</p>
      {ways.length > 0 && (
        <p className={styles.stateActions}>
          {ways.map((way, index) => (
            <button
              key={way.label}
              type="button"
              className={index === 0 ? 'button button--primary' : 'button'}
              onClick={way.run}
            >
              {way.label}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
