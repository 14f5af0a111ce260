'use client';

import { useState } from 'react';
import { useMessages } from '@/components/i18n/locale-provider';
import styles from './event.module.css';

/** Shares the page with the system share sheet where there is one, else copies its URL; says what happened. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { messages } = useMessages();
  const [status, setStatus] = useState('');

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
      <button type="button" className="button" onClick={() => void share()}>
        <span aria-hidden="true">↗</span> {messages.event.share}
      </button>
      <span role="status" className={styles.shareStatus}>
        {status}
      </span>
    </>
  );
}
