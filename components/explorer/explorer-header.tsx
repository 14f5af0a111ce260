'use client';

import type { ReactNode } from 'react';
import { SearchBox } from '@/components/search/search-box';
import type { LogoSources } from '@/lib/brand/logo';
import type { Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';
import { savedMessages } from '@/lib/i18n/saved-messages';
import { AppLink } from './app-link';
import styles from './explorer.module.css';
import { HeaderMenu } from './header-menu';
import { useLinkTarget } from './link-target';
import { NearMeButton } from './near-me-button';

/** The brand as the header draws it: its name and its logo for the page's theme. */
export interface HeaderBrand {
  name: string;
  logo: LogoSources;
}

/** A link of the brand's (brands/*.json `footerLinks`): shown in the header's menu. */
export interface HeaderLink {
  label: string;
  href: string;
}

export interface ExplorerHeaderProps {
  locale: Locale;
  t: ExplorerMessages;
  brand: HeaderBrand;
  /** `false` in the embed: the brand's logo (a link to the full site) and the search box, nothing else. */
  chrome: boolean;
  /** Where search ranks places from (the map's centre). */
  center: Camera | null;
  onPlace: (place: Camera) => void;
  /** The search box's Enter, its text, and the results view's query it opens with. */
  search: { onSearchAll: (q: string) => void; query: string | null };
  /** "Near me"; left out where there is no map to move (record pages) and in embeds that do not follow the visitor. */
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
      {chrome ? (
        <BrandLink brand={brand} label={t.brandHome(brand.name)} />
      ) : (
        <EmbedBrandLink brand={brand} label={t.brandSite(brand.name)} />
      )}
      <SearchBox
        locale={locale}
        center={center}
        onPlace={onPlace}
        onSearchAll={search.onSearchAll}
        initialText={search.query ?? ''}
      />
      {!chrome && nearMe && <NearMeButton t={t} nearMe={nearMe} compact />}
      {chrome && (
        <HeaderMenu label={t.siteMenu} buttonLabel={t.menu}>
          {nearMe && <NearMeButton t={t} nearMe={nearMe} />}
          {languageSwitcher}
          <a href="/saved" className={styles.menuLink} data-testid="saved-link">
            {savedMessages(locale).menuLink}
          </a>
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

/** The logo: the dark image where the page's theme asks for it (a `<picture>` source), else the light one. */
function BrandLogo({ logo }: { logo: LogoSources }) {
  if (!logo.src) {
    return (
      <span className={styles.brandMark} aria-hidden="true">
        ◉
      </span>
    );
  }
  return (
    <picture className={styles.brandPicture}>
      {logo.dark && <source srcSet={logo.dark.src} media={logo.dark.media} />}
      <img src={logo.src} alt="" width={24} height={24} className={styles.brandLogo} data-testid="brand-logo" />
    </picture>
  );
}

function BrandLink({ brand, label }: { brand: HeaderBrand; label: string }) {
  return (
    <AppLink href="/" className={styles.brand} aria-label={label}>
      <BrandLogo logo={brand.logo} />
      <span data-testid="brand-name" className={styles.brandName}>
        {brand.name}
      </span>
    </AppLink>
  );
}

/**
 * The embed's attribution: the brand's logo and name, opening the full site where the embed opens events (the site
 * itself refuses to be framed, so never inside the frame).
 */
function EmbedBrandLink({ brand, label }: { brand: HeaderBrand; label: string }) {
  const { target = '_top', rel } = useLinkTarget();
  return (
    <AppLink href="/" target={target} rel={rel} className={`${styles.brand} ${styles.embedBrand}`} aria-label={label}>
      <BrandLogo logo={brand.logo} />
      <span data-testid="brand-name" className={styles.brandName}>
        {brand.name}
      </span>
    </AppLink>
  );
}
