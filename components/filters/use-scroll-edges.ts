'use client';

import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Whether a horizontally scrolling box has more to show on either side (for the scroll affordances). */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.before === before && e.after === after ? e : { before, after }));
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  /** Scrolls by most of the visible width, towards `direction`. */
  const page = useCallback(
    (direction: 1 | -1) => {
      const el = ref.current;
      el?.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
    },
    [ref],
  );
  return { ...edges, page };
}
