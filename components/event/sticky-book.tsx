'use client';

import { SaveButton } from '@/components/saved/save-button';
import type { Locale } from '@/lib/i18n/config';
import type { SavedEvent } from '@/lib/saved/saved-list';
import { ShareButton } from './share-button';
import styles from './event.module.css';

export interface StickyBookProps {
  /** The first bookable source's tracked link; null when nothing can be booked (the bar still saves and shares). */
  book: { href: string; label: string; accessibleName: string } | null;
  /** "From €12", "Free"… */
  price: string;
  save: SavedEvent;
  share: { title: string; url: string };
  locale: Locale;
}

/**
 * The page's actions within a thumb's reach on a phone, from the first screen on: the price, Book (the first bookable
 * source) and save / share, in a bar fixed to the bottom of the viewport however long the page. Wide screens show the
 * tickets box beside the description instead, so the bar is hidden there (event.module.css).
 */
export function StickyBook({ book, price, save, share, locale }: StickyBookProps) {
  return (
    <div className={styles.stickyBook} data-testid="sticky-book">
      <span className={styles.stickyPrice}>{price}</span>
      <span className={styles.stickyActions}>
        <SaveButton event={save} locale={locale} compact />
        <ShareButton title={share.title} url={share.url} compact />
        {book && (
          <a
            href={book.href}
            className={`button button--primary ${styles.book}`}
            target="_blank"
            rel="nofollow sponsored noopener"
            aria-label={book.accessibleName}
          >
            {book.label}
          </a>
        )}
      </span>
    </div>
  );
}
