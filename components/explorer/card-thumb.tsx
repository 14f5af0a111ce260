'use client';

import { useEffect, useRef, useState } from 'react';
import { explorerImageSrc } from '@/lib/explorer/explorer-event';
import styles from './explorer.module.css';

/**
 * A card's picture, fetched only once its card is on screen: the browser's own `loading="lazy"` starts well over a
 * thousand pixels ahead, which on a phone's first view means a dozen pictures nobody sees yet (the first view's
 * bytes). Drawn over the category's icon in the card's fixed box, so its arrival moves nothing. Decorative: the
 * card's title names the event.
 */
export function CardThumb({ image }: { image: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(false);
  // A picture that cannot be had (the Partner API down, a missing file) leaves the category's icon, not a broken image.
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // Without IntersectionObserver (very old browsers) the category's icon stays: the picture is a nicety.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '64px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={ref} className={styles.cardThumb} data-thumb>
      {shown && !failed && (
        // eslint-disable-next-line @next/next/no-img-element -- small pictures through the app's own image route
        <img
          src={explorerImageSrc(image)}
          alt=""
          width={56}
          height={56}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}
