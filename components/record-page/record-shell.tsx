import Link from 'next/link';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { LocaleProvider } from '@/components/i18n/locale-provider';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/** Frame of the event, place and performer pages: a header (home link, language switcher) and the main landmark. */
export function RecordShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = getMessages(locale);
  return (
    <LocaleProvider locale={locale}>
      <div lang={locale} className={styles.shell}>
        <header className={styles.header}>
          <Link href="/" className={styles.brand}>
            <span aria-hidden="true" className={styles.brandMark}>
              ◉
            </span>
            Eventmap
            <span className="visually-hidden"> — {messages.common.home}</span>
          </Link>
          <LanguageSwitcher locale={locale} />
        </header>
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
    </LocaleProvider>
  );
}
