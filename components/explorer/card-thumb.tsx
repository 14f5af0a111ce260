'use client';

import { useEffect, useRef, useState } from 'react';
import { explorerImageSrc } from '@/lib/explorer/explorer-event';
import styles from './explorer.module.css';

/** What to do when each watched picture reaches the screen; one observer serves every card. */
const arrivals = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

function whenOnScreen(element: Element, arrive: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        arrivals.get(entry.target)?.();
        arrivals.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: '64px' },
  );
  arrivals.set(element, arrive);
  observer.observe(element);
  return () => {
    arrivals.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * A card's picture, fetched only once its card is on screen: the browser's own `loading="lazy"` starts well over a
 * thousand pixels ahead, which on a phone's first view means a dozen pictures nobody sees yet (the first view's
 * bytes). The picture's address is set on the element itself when it arrives, not through React state: fifty cards
 * each re-rendering as they scroll in were long tasks on a phone. Drawn over the category's icon in the card's fixed
 * box, so its arrival moves nothing. Decorative: the card's title names the event.
 */
export function CardThumb({ image }: { image: string }) {
  const ref = useRef<HTMLImageElement>(null);
  // A picture that cannot be had (the Partner API down, a missing file) leaves the category's icon, not a broken image.
  const [failed, setFailed] = useState(false);
  const src = explorerImageSrc(image);
  useEffect(() => {
    const img = ref.current;
    // Without IntersectionObserver (very old browsers) the category's icon stays: the picture is a nicety.
    if (!img || typeof IntersectionObserver === 'undefined') return;
    return whenOnScreen(img, () => {
      img.src = src;
    });
  }, [src]);
  return (
    <span className={styles.cardThumb} data-thumb>
      {!failed && (
        // eslint-disable-next-line @next/next/no-img-element -- small pictures through the app's own image route
        <img ref={ref} alt="" width={56} height={56} decoding="async" onError={() => setFailed(true)} />
      )}
    </span>
  );
}
