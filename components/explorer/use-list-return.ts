'use client';

import { useEffect, type RefObject } from 'react';

const KEY = 'eventmap:list-return';

export interface ReturnPoint {
  /** The explorer URL's query the card was opened from: a different view is a different list. */
  search: string;
  id: number;
  scrollTop: number;
}

function read(): ReturnPoint | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ReturnPoint) : null;
  } catch {
    return null;
  }
}

/**
 * The point a visitor left the list from, taken once (removed from storage) when it belongs to this view (the same
 * query): Back from an event page lands there. The list (results-list.tsx) takes it when it first shows events, so
 * that it can render the opened card first — it renders only a few cards at first (see there).
 */
export function takeListReturn(): ReturnPoint | null {
  const point = read();
  if (!point || point.search !== window.location.search) return null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
  return point;
}

/**
 * Back from an event page lands where the visitor left: the list scrolled as it was and the focus on the card that
 * was opened (keyboard and screen-reader users would otherwise start again from the top of the page). The point is
 * kept in sessionStorage when a card's link is followed, and used once, when that card is in the list again
 * (`takeListReturn`, `restoreListReturn`).
 */
export function useListReturn(scroller: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href^="/events/"]');
      const card = link?.closest<HTMLElement>('[data-event-id]');
      if (!card) return;
      const point: ReturnPoint = {
        search: window.location.search,
        id: Number(card.dataset.eventId),
        scrollTop: el.scrollTop,
      };
      try {
        sessionStorage.setItem(KEY, JSON.stringify(point));
      } catch {
        // Storage refused (private mode, quota): Back then starts from the top, as before.
      }
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [scroller]);
}

/** Scrolls the list's box back to where it was and focuses the opened card's link; false while that card is not rendered. */
export function restoreListReturn(point: ReturnPoint, box: HTMLElement | null | undefined): boolean {
  const link = document.querySelector<HTMLElement>(`#event-card-${point.id} a`);
  if (!link || !box) return false;
  box.scrollTo({ top: point.scrollTop });
  link.focus({ preventScroll: true });
  return true;
}
