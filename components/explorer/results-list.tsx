'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type RefObject } from 'react';
import type { ListGroups } from '@/lib/explorer/list-order';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { EventCard } from './event-card';
import styles from './explorer.module.css';
import { restoreListReturn, takeListReturn, type ReturnPoint } from './use-list-return';

const PAGE = 50;
/**
 * Cards the list renders at first — in the server's HTML and at hydration. More than a tall desktop list or a phone's
 * full sheet shows (~9), far fewer than a page: each card is ~18 elements, and fifty of them were most of the first
 * view's style, layout and hydration work, the long tasks of a phone's first seconds (docs/performance.md). The
 * rest of the page follows as the visitor nears the end of the list (scrolling, or the focus reaching its last cards).
 */
const FIRST_CARDS = 12;
/** Cards added each time the visitor nears the end of what is rendered. */
const STEP = 12;
/** How far below the list's visible part the end may be when the next cards are added. */
const AHEAD = '0px 0px 600px 0px';

export interface ResultsListProps {
  groups: ListGroups;
  locale: Locale;
  now: number;
  selected: number | null;
  onHover: (id: number | null) => void;
  /** Show every event at once (a search's list, as long as the visitor asked for) rather than a page at a time. */
  all?: boolean;
  /** The panel's scrolling box, which Back from an event page scrolls back (use-list-return.ts). */
  scroller?: RefObject<HTMLElement | null>;
  /**
   * The events are the answer of the view the explorer settled on. Back from an event page restores the list only
   * then: the first events shown may be the server's first view, which the explorer replaces at once when the map's
   * box is not the one the server assumed.
   */
  settled?: boolean;
}

/**
 * The events of the viewport as a list, shown a page at a time: first what starts soon, then, under a divider, what
 * was already running; the selected event's card is scrolled into view. The first cards come with the page, the
 * rest of the page is added a few cards at a time when the browser is idle (at once for the card a visitor comes
 * back to, or a point chosen on the map).
 */
export function ResultsList({
  groups,
  locale,
  now,
  selected,
  onHover,
  all = false,
  scroller,
  settled = true,
}: ResultsListProps) {
  const t = explorerMessages(locale);
  const [shown, setShown] = useState(FIRST_CARDS);
  /** The point Back from an event page returns to, until it is restored (use-list-return.ts). */
  const returnTo = useRef<ReturnPoint | null>(null);
  const returnTaken = useRef(false);
  const more = useRef<HTMLButtonElement>(null);
  const events = useMemo(() => [...groups.upcoming, ...groups.running], [groups]);
  const selectedIndex = selected === null ? -1 : events.findIndex((e) => e.id === selected);
  // A point chosen on the map must have its card rendered, even past the current page.
  const visible = all ? events.length : Math.max(shown, selectedIndex + 1);
  const firstRunning = groups.running[0]?.id;
  // The first page is still being added as the visitor goes down the list.
  const growing = visible < PAGE && events.length > visible;
  const grow = useCallback(() => setShown((n) => Math.min(Math.max(n, visible) + STEP, PAGE)), [visible]);

  // Back from an event page: the list shows the settled view's events once per visit, which is when the point left
  // is taken; the card opened is rendered if it is not yet, then the list restored.
  useEffect(() => {
    if (returnTaken.current || !settled) return;
    returnTaken.current = true;
    const point = takeListReturn();
    const index = point ? events.findIndex((e) => e.id === point.id) : -1;
    if (!point || index < 0) return;
    // Rendered already: restored now (the restoring effect below runs when the rendered cards change).
    if (restoreListReturn(point, scroller?.current)) return;
    returnTo.current = point;
    // The point is in sessionStorage, which the server's HTML (and so hydration) cannot know: only now can the
    // list render as far as the card to return to. Back from an event page only; a no-op when it is rendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown((n) => Math.max(n, index + 1));
  }, [events, settled, scroller]);

  useEffect(() => {
    const point = returnTo.current;
    if (point && restoreListReturn(point, scroller?.current)) returnTo.current = null;
  }, [visible, scroller]);

  // The end of the list (its "Show more" button) near the visible part: the next cards. A new observer per step
  // reports at once whether the end is still near (a tall screen).
  useEffect(() => {
    const button = more.current;
    if (!growing || !button || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && grow(), {
      root: scroller?.current ?? null,
      rootMargin: AHEAD,
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [growing, grow, scroller]);

  useEffect(() => {
    if (selected === null) return;
    const card = document.getElementById(`event-card-${selected}`);
    card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected, events]);

  // Tabbing through the cards adds the next ones before the focus reaches the end.
  const onFocus = (e: FocusEvent<HTMLUListElement>) => {
    if (!growing) return;
    const id = e.target.closest<HTMLElement>('[data-event-id]')?.dataset.eventId;
    const index = id === undefined ? -1 : events.findIndex((event) => event.id === Number(id));
    if (index >= visible - 3) grow();
  };

  return (
    <>
      <ul className={styles.list} aria-label={t.eventsList} onFocus={onFocus}>
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
        <button
          ref={more}
          type="button"
          className={`button ${styles.more}`}
          onClick={() => (growing ? setShown(PAGE) : setShown(visible + PAGE))}
        >
          {t.showMore(events.length - visible)}
        </button>
      )}
    </>
  );
}
