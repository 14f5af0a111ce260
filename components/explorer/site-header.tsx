'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { DEFAULT_FILTERS, encodeState } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { ExplorerHeader, type HeaderBrand, type HeaderLink } from './explorer-header';
import { browserQueryClient } from './query-client';

export interface SiteHeaderProps {
  locale: Locale;
  brand: HeaderBrand;
  links: readonly HeaderLink[];
  languageSwitcher: ReactNode;
}

/**
 * The explorer's header on the record pages, search included: an event or a performer opens its page, a place opens
 * the map there.
 */
export function SiteHeader({ locale, brand, links, languageSwitcher }: SiteHeaderProps) {
  const router = useRouter();
  const t = explorerMessages(locale);
  return (
    <QueryClientProvider client={browserQueryClient()}>
      <ExplorerHeader
        locale={locale}
        t={t}
        brand={brand}
        chrome
        center={null}
        onPlace={(camera) => {
          const query = encodeState({ camera, filters: DEFAULT_FILTERS, selected: null, q: null });
          router.push(`/?${query.toString()}`);
        }}
        search={{
          onSearchAll: (q) => {
            const query = encodeState({ camera: null, filters: DEFAULT_FILTERS, selected: null, q });
            router.push(`/?${query.toString()}`);
          },
          query: null,
        }}
        languageSwitcher={languageSwitcher}
        links={links}
      />
    </QueryClientProvider>
  );
}
