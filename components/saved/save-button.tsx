'use client';

import { useRef, useState } from 'react';
import { useEarlyClicks } from '@/components/ui/use-early-clicks';
import type { Locale } from '@/lib/i18n/config';
import { savedMessages } from '@/lib/i18n/saved-messages';
import type { SavedEvent } from '@/lib/saved/saved-list';
import styles from './saved.module.css';
import { setSaved, useIsSaved } from './use-saved';

/**
 * Saves an event on this device, or removes it: a toggle button (`aria-pressed`) named after its event, since a list
 * has one per card. `compact` shows the icon alone (a card); otherwise the word too (the event page).
 */
export function SaveButton({
  event,
  locale,
  compact = false,
  className,
}: {
  event: SavedEvent;
  locale: Locale;
  compact?: boolean;
  className?: string;
}) {
  const t = savedMessages(locale);
  const saved = useIsSaved(event.id);
  const [refused, setRefused] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEarlyClicks(button);
  return (
    <>
      <button
        ref={button}
        type="button"
        data-early-clicks=""
        className={`${compact ? styles.saveCompact : `button ${styles.save}`} ${className ?? ''}`}
        aria-pressed={saved}
        aria-label={compact ? (saved ? t.savedName(event.name) : t.saveName(event.name)) : undefined}
        title={compact ? (saved ? t.saved : t.save) : undefined}
        data-testid="save-event"
        onClick={() => setRefused(!setSaved(event, !saved))}
      >
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 3h12v18l-6-4.5L6 21z" strokeLinejoin="round" />
        </svg>
        {!compact && <span>{saved ? t.saved : t.save}</span>}
      </button>
      {refused && (
        <span role="status" className={styles.refused}>
          {t.storageRefused}
        </span>
      )}
    </>
  );
}
