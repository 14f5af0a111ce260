'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { TExplorerEvent } from '@/lib/contract';

const KEY = 'eventmap:list-return';

interface ReturnPoint {
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
 * Back from an event page lands where the visitor left: the list scrolled as it was and the focus on the card that
 * was opened (keyboard and screen-reader users would otherwise start again from the top of the page). The point is
 * kept in sessionStorage when a card's link is followed, and used once, when that card is in the list again.
 */
export function useListReturn(scroller: RefObject<HTMLElement | null>, events: readonly TExplorerEvent[]) {
  const done = useRef(false);

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

  useEffect(() => {
    if (done.current || events.length === 0) return;
    done.current = true;
    const point = read();
    if (!point || point.search !== window.location.search) return;
    sessionStorage.removeItem(KEY);
    const link = document.querySelector<HTMLElement>(`#event-card-${point.id} a`);
    const box = scroller.current;
    if (!link || !box) return;
    box.scrollTo({ top: point.scrollTop });
    link.focus({ preventScroll: true });
  }, [events, scroller]);
}
