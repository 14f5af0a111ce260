'use client';

import type { ReactNode } from 'react';
import { SearchBox } from '@/components/search/search-box';
import type { Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import { AppLink } from './app-link';
import styles from './explorer.module.css';

export interface ExplorerHeaderProps {
  locale: Locale;
  t: ExplorerMessages;
  brand: { name: string; logo: string };
  /** `false` in the embed: the search box alone. */
  chrome: boolean;
  /** Where search ranks places from (the map's centre). */
  center: Camera;
  onPlace: (place: { lng: number; lat: number }) => void;
  nearMe: { locating: boolean; locate: () => void };
  languageSwitcher?: ReactNode;
}

/** The explorer's header: the brand, the search box, "near me" and the language switcher (site chrome only). */
export function ExplorerHeader({
  locale,
  t,
  brand,
  chrome,
  center,
  onPlace,
  nearMe,
  languageSwitcher,
}: ExplorerHeaderProps) {
  return (
    <header className={styles.header}>
      {chrome && (
        <AppLink href="/" className={styles.brand} aria-label={`${brand.name} home`}>
          {brand.logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URI or public/ file, no optimisation needed
            <img src={brand.logo} alt="" width={24} height={24} className={styles.brandLogo} />
          ) : (
            <span className={styles.brandMark} aria-hidden="true">
              ◉
            </span>
          )}
          <span data-testid="brand-name">{brand.name}</span>
        </AppLink>
      )}
      <SearchBox locale={locale} center={center} onPlace={onPlace} />
      {chrome && (
        <button type="button" className={styles.nearMe} onClick={nearMe.locate} disabled={nearMe.locating}>
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
          </svg>
          {nearMe.locating ? t.locating : t.nearMe}
        </button>
      )}
      {chrome && languageSwitcher}
    </header>
  );
}
