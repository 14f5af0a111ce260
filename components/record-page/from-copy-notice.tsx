import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/**
 * Said above a record page drawn from the web app's copy of the catalogue while the Partner API fails: the visitor
 * still gets the page, and knows it may lag the source by a sync or two.
 */
export function FromCopyNotice({ locale }: { locale: Locale }) {
  return (
    <p role="status" className={styles.fromCopy} data-testid="from-copy-notice">
      {getMessages(locale).unavailable.fromCopy}
    </p>
  );
}
