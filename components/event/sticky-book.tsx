'use client';

import { useEffect, useState } from 'react';
import styles from './event.module.css';

export interface StickyBookProps {
  href: string;
  label: string;
  /** The full accessible name ("Book on X, opens in a new tab"). */
  accessibleName: string;
  price: string;
  /** The element whose scrolling out of view shows the bar (the page's hero). */
  afterId: string;
}

/**
 * The main action within reach on a phone: once the hero (title, date, price) has scrolled away, the Book button of
 * the first bookable source sits at the bottom of the viewport, however long the page. Wide screens keep the tickets
 * in a sticky side column instead, so the bar is hidden there (event.module.css).
 */
export function StickyBook({ href, label, accessibleName, price, afterId }: StickyBookProps) {
  const [past, setPast] = useState(false);

  useEffect(() => {
    const after = document.getElementById(afterId);
    if (!after || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(after);
    return () => observer.disconnect();
  }, [afterId]);

  return (
    <div className={styles.stickyBook} hidden={!past} data-testid="sticky-book">
      <span className={styles.stickyPrice}>{price}</span>
      <a
        href={href}
        className={`button button--primary ${styles.book}`}
        target="_blank"
        rel="nofollow sponsored noopener"
        aria-label={accessibleName}
      >
        {label}
      </a>
    </div>
  );
}
