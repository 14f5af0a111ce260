import Link from 'next/link';
import { getLocale } from '@/lib/i18n/get-locale';
import { getMessages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/** The friendly 404 of a record page (rendered by each segment's `not-found.tsx`). */
export async function NotFoundView({ kind }: { kind: 'event' | 'place' | 'performer' }) {
  const messages = getMessages(await getLocale());
  return (
    <section className={styles.message} aria-labelledby="not-found-title">
      <p className={styles.messageCode} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{messages.notFound.title}</h1>
      <p>{messages.notFound[kind]}</p>
      <p>
        <Link href="/" className="button button--primary">
          {messages.notFound.back}
        </Link>
      </p>
    </section>
  );
}
