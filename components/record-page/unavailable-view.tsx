'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useMessages } from '@/components/i18n/locale-provider';
import styles from './record-page.module.css';

/** The friendly error state when the Partner API is down (each record segment's `error.tsx`). */
export function UnavailableView({ reset }: { reset: () => void }) {
  const { messages } = useMessages();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The failure happened on the server: fetch the page again, then clear the boundary.
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <section className={styles.message} role="alert" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">{messages.unavailable.title}</h1>
      <p>{messages.unavailable.body}</p>
      <p className="page-message__actions">
        <button type="button" className="button button--primary" onClick={retry} disabled={pending}>
          {messages.unavailable.retry}
        </button>
        <Link href="/">{messages.unavailable.back}</Link>
      </p>
    </section>
  );
}
