import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/explorer/site-header';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { LocaleProvider } from '@/components/i18n/locale-provider';
import { SkipLink } from '@/components/ui/skip-link';
import { getBrand } from '@/lib/brand/get-brand';
import { logoSources } from '@/lib/brand/logo';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/** Frame of the event, place and performer pages: the explorer's header (search included) and the main landmark. */
export function RecordShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = getMessages(locale);
  const brand = getBrand();
  return (
    <LocaleProvider locale={locale}>
      <div lang={locale} className={styles.shell}>
        <SkipLink href="#main">{messages.common.skipToContent}</SkipLink>
        <div className={styles.header}>
          <SiteHeader
            locale={locale}
            brand={{ name: brand.name, logo: logoSources(brand.logo, 'light') }}
            links={brand.footerLinks}
            languageSwitcher={<LanguageSwitcher locale={locale} />}
          />
        </div>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </LocaleProvider>
  );
}
