'use client';

import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { nextToolbarIndex } from './roving-toolbar';

/**
 * A roving tabindex over a row of buttons: only the current item has `tabIndex=0`, so the row is one Tab stop, and
 * the arrow keys move the focus (see {@link nextToolbarIndex}). The item that last had the focus stays current.
 */
export function useRovingToolbar(count: number, initial: number) {
  const [current, setCurrent] = useState(initial);
  const items = useRef<(HTMLElement | null)[]>([]);
  const active = Math.min(current, Math.max(0, count - 1));

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const next = nextToolbarIndex(event.key, active, count);
      if (next === null) return;
      event.preventDefault();
      setCurrent(next);
      items.current[next]?.focus();
    },
    [active, count],
  );

  return {
    onKeyDown,
    itemProps: (index: number) => ({
      ref: (el: HTMLElement | null) => {
        items.current[index] = el;
      },
      tabIndex: index === active ? 0 : -1,
      onFocus: () => setCurrent(index),
    }),
  };
}
