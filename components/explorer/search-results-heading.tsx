'use client';

import { formatCount } from '@/lib/explorer/card-format';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import type { SearchListState } from './use-list-source';

/**
 * The count line of the results view: what matches ("at least" while the search may find more than it listed), and
 * how many more the filters hide.
 */
export function searchSummary(t: ExplorerMessages, locale: Locale, search: SearchListState, shown: number): string {
  if (search.refused || shown === 0) return '';
  const n = formatCount(shown, locale);
  const count = search.partial ? t.searchResultsAtLeast(n) : shown === 1 ? t.searchResultsOne : t.searchResultsCount(n);
  const hidden = search.matched - shown;
  return hidden > 0 ? `${count} · ${t.searchResultsHidden(formatCount(hidden, locale))}` : count;
}

/** The results view's title (the text as given, however odd) and the way back to the map's view. */
export function SearchResultsHeading({
  t,
  search,
  onClose,
}: {
  t: ExplorerMessages;
  search: SearchListState;
  onClose: () => void;
}) {
  return (
    <div className={styles.searchHeading}>
      <h2 className={styles.searchTitle} data-testid="search-results-title">
        {t.searchResultsTitle(search.q)}
      </h2>
      <button type="button" className="button" onClick={onClose}>
        {t.closeResults}
      </button>
    </div>
  );
}

/**
 * Below the results: a button asking the search for a page more while it may find more, or, once the view lists as
 * many as it can, how to narrow the search.
 */
export function SearchMore({ t, search }: { t: ExplorerMessages; search: SearchListState }) {
  if (search.more || search.loadingMore) {
    return (
      <button
        type="button"
        className={`button ${styles.more}`}
        onClick={search.more ?? undefined}
        aria-disabled={search.loadingMore || undefined}
        data-testid="search-more"
      >
        {search.loadingMore ? t.loading : t.searchMore}
      </button>
    );
  }
  return search.partial ? <p className={styles.searchLimit}>{t.searchNarrow}</p> : null;
}

/** What the results view says when nothing is listed: why the text was not searched, or that nothing matches. */
export function searchEmptyMessage(t: ExplorerMessages, search: SearchListState): string {
  return search.refused ? t.searchRefused[search.refused] : t.searchResultsEmpty(search.q);
}
