'use client';

import type { ReactNode } from 'react';
import { SearchBox } from '@/components/search/search-box';
import type { Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import { AppLink } from './app-link';
import styles from './explorer.module.css';
import { HeaderMenu } from './header-menu';

/** A link of the brand's (brands/*.json `footerLinks`): shown in the header's menu. */
export interface HeaderLink {
  label: string;
  href: string;
}

export interface ExplorerHeaderProps {
  locale: Locale;
  t: ExplorerMessages;
  brand: { name: string; logo: string };
  /** `false` in the embed: the search box alone. */
  chrome: boolean;
  /** Where search ranks places from (the map's centre). */
  center: Camera | null;
  onPlace: (place: Camera) => void;
  /** The search box's Enter, its text, and the results view's query it opens with. */
  search: { onSearchAll: (q: string) => void; query: string | null };
  /** "Near me"; left out where there is no map to move (record pages). */
  nearMe?: { locating: boolean; locate: () => void };
  languageSwitcher?: ReactNode;
  links?: readonly HeaderLink[];
}

/**
 * The site's header, on the explorer and on the record pages: the brand, the search box, and a menu with "near me",
 * the language switcher and the brand's links (inline on wide screens, behind one button on phones).
 */
export function ExplorerHeader({
  locale,
  t,
  brand,
  chrome,
  center,
  onPlace,
  search,
  nearMe,
  languageSwitcher,
  links = [],
}: ExplorerHeaderProps) {
  return (
    <header className={styles.header}>
      {chrome && <BrandLink brand={brand} />}
      <SearchBox
        locale={locale}
        center={center}
        onPlace={onPlace}
        onSearchAll={search.onSearchAll}
        initialText={search.query ?? ''}
      />
      {chrome && (
        <HeaderMenu label={t.siteMenu} buttonLabel={t.menu}>
          {nearMe && (
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
          {languageSwitcher}
          {links.map((link) => (
            <a key={link.href} href={link.href} className={styles.menuLink}>
              {link.label}
            </a>
          ))}
        </HeaderMenu>
      )}
    </header>
  );
}

function BrandLink({ brand }: { brand: { name: string; logo: string } }) {
  return (
    <AppLink href="/" className={styles.brand} aria-label={`${brand.name} home`}>
      {brand.logo ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URI or public/ file, no optimisation needed
        <img src={brand.logo} alt="" width={24} height={24} className={styles.brandLogo} />
      ) : (
        <span className={styles.brandMark} aria-hidden="true">
          ◉
        </span>
      )}
      <span data-testid="brand-name" className={styles.brandName}>
        {brand.name}
      </span>
    </AppLink>
  );
}
