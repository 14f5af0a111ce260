'use client';

import { useRef, useState } from 'react';
import { useEarlyClicks } from '@/components/ui/use-early-clicks';
import { useMessages } from '@/components/i18n/locale-provider';
import styles from './event.module.css';

/** Shares the page with the system share sheet where there is one, else copies its URL; says what happened. */
export function ShareButton({ title, url, compact = false }: { title: string; url: string; compact?: boolean }) {
  const { messages } = useMessages();
  const [status, setStatus] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  useEarlyClicks(button);

  async function share() {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus(messages.event.shareCopied);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setStatus(messages.event.shareFailed);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        data-early-clicks=""
        className={compact ? styles.iconButton : 'button'}
        aria-label={compact ? messages.event.share : undefined}
        title={compact ? messages.event.share : undefined}
        onClick={() => void share()}
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13" />
        </svg>
        {!compact && <> {messages.event.share}</>}
      </button>
      <span role="status" className={styles.shareStatus}>
        {status}
      </span>
    </>
  );
}
