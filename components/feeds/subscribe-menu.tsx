'use client';

import { useState } from 'react';
import type { Bounds } from '@/lib/explorer/bounds';
import type { Filters } from '@/lib/explorer/state';
import { FEED_PATHS, feedSearchParams, subscribeStrings, webcalUrl } from '@/lib/feeds/subscribe-link';
import type { Locale } from '@/lib/i18n/config';
import styles from './subscribe-menu.module.css';

/**
 * "Subscribe": the explorer's current filters and area as an iCalendar (webcal:) and an Atom feed. A disclosure whose
 * links are built only when it opens (they need the page's origin and the visitor's time zone).
 */
export function SubscribeMenu({
  filters,
  bounds,
  locale,
}: {
  filters: Filters;
  bounds: Bounds | null;
  locale: Locale;
}) {
  const t = subscribeStrings(locale);
  const [open, setOpen] = useState(false);
  let links: { calendar: string; atom: string } | null = null;
  if (open) {
    const search = feedSearchParams(filters, bounds, Intl.DateTimeFormat().resolvedOptions().timeZone, locale);
    links = { calendar: webcalUrl(window.location.origin, search), atom: `${FEED_PATHS.atom}?${search.toString()}` };
  }
  return (
    <details className={styles.menu} onToggle={(event) => setOpen(event.currentTarget.open)} data-subscribe>
      <summary className={styles.summary}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={styles.icon}>
          <path d="M5 5a14 14 0 0 1 14 14M5 11a8 8 0 0 1 8 8" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <circle cx="6" cy="18" r="2" fill="currentColor" />
        </svg>
        <span className={styles.label}>{t.button}</span>
      </summary>
      <div className={styles.panel}>
        <p className={styles.title}>{t.title}</p>
        <p className={styles.help}>{t.help}</p>
        {links && (
          <ul className={styles.links}>
            <li>
              <a href={links.calendar} data-feed="ics">
                {t.calendar}
              </a>
            </li>
            <li>
              <a href={links.atom} data-feed="atom" type="application/atom+xml">
                {t.atom}
              </a>
            </li>
          </ul>
        )}
      </div>
    </details>
  );
}
