import type { Messages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/**
 * The "service unavailable" page the record pages' gate answers with (lib/records/service-gate.ts): inside the site's
 * layout, in the visitor's language, with a retry that loads the asked page again (a plain link: no script needed).
 */
export function UnavailablePage({ messages }: { messages: Messages }) {
  return (
    <section className={styles.message} role="alert" aria-labelledby="unavailable-title" data-testid="unavailable">
      <h1 id="unavailable-title">{messages.unavailable.title}</h1>
      <p>{messages.unavailable.body}</p>
      <p className="page-message__actions">
        {/* An empty href reloads the address the visitor asked for (the gate kept it; this page is its answer). */}
        <a href="" className="button button--primary">
          {messages.unavailable.retry}
        </a>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, out of an error */}
        <a href="/">{messages.unavailable.back}</a>
      </p>
    </section>
  );
}
