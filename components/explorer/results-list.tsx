'use client';

import { useEffect, useState } from 'react';
import type { TEvent } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { EventCard } from './event-card';
import styles from './explorer.module.css';

const PAGE = 50;

export interface ResultsListProps {
  events: readonly TEvent[];
  locale: Locale;
  now: number;
  selected: number | null;
  onHover: (id: number | null) => void;
}

/** The events of the viewport as a list, shown a page at a time; the selected event's card is scrolled into view. */
export function ResultsList({ events, locale, now, selected, onHover }: ResultsListProps) {
  const t = explorerMessages(locale);
  const [shown, setShown] = useState(PAGE);
  const selectedIndex = selected === null ? -1 : events.findIndex((e) => e.id === selected);
  // A point chosen on the map must have its card rendered, even past the current page.
  const visible = Math.max(shown, selectedIndex + 1);

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
