'use client';

import { useEffect, useMemo, useState } from 'react';
import type { ListGroups } from '@/lib/explorer/list-order';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { EventCard } from './event-card';
import styles from './explorer.module.css';

const PAGE = 50;

export interface ResultsListProps {
  groups: ListGroups;
  locale: Locale;
  now: number;
  selected: number | null;
  onHover: (id: number | null) => void;
  /** Show every event at once (a search's list, as long as the visitor asked for) rather than a page at a time. */
  all?: boolean;
}

/**
 * The events of the viewport as a list, shown a page at a time: first what starts soon, then, under a divider, what
 * was already running; the selected event's card is scrolled into view.
 */
export function ResultsList({ groups, locale, now, selected, onHover, all = false }: ResultsListProps) {
  const t = explorerMessages(locale);
  const [shown, setShown] = useState(PAGE);
  const events = useMemo(() => [...groups.upcoming, ...groups.running], [groups]);
  const selectedIndex = selected === null ? -1 : events.findIndex((e) => e.id === selected);
  // A point chosen on the map must have its card rendered, even past the current page.
  const visible = all ? events.length : Math.max(shown, selectedIndex + 1);
  const firstRunning = groups.running[0]?.id;

  useEffect(() => {
    if (selected === null) return;
    const card = document.getElementById(`event-card-${selected}`);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected, events]);

  return (
    <>
      <ul className={styles.list} aria-label={t.eventsList}>
        {events.slice(0, visible).map((event) => (
          <EventCard
            key={event.id}
            event={event}
            locale={locale}
            now={now}
            selected={event.id === selected}
            onHover={onHover}
            groupStart={event.id === firstRunning && groups.upcoming.length > 0 ? t.runningGroup : undefined}
          />
        ))}
      </ul>
      {events.length > visible && (
        <button type="button" className={`button ${styles.more}`} onClick={() => setShown(visible + PAGE)}>
          {t.showMore(events.length - visible)}
        </button>
      )}
    </>
  );
}
