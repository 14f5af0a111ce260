import { connection } from 'next/server';
import { Suspense } from 'react';
import { ExplorerLoader } from '@/components/explorer/explorer-loader';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { getBrand } from '@/lib/brand/get-brand';
import { logoSources } from '@/lib/brand/logo';
import { getEnv } from '@/lib/env';
import { MAPLIBRE_ASSETS_PATH } from '@/lib/map/maplibre-assets';
import { getLocale } from '@/lib/i18n/get-locale';

export default async function HomePage() {
  // MAP_STYLE_URL is read at request time, not baked in at build time.
  await connection();
  const { mapStyleUrl } = getEnv();
  const locale = await getLocale();
  const brand = getBrand();
  // The explorer renders the page's landmarks (header, main, aside) and its heading; the brand's links sit in the
  // header's menu rather than in a footer under a full-height map.
  return (
    <Suspense>
      <ExplorerLoader
        mapLibPath={MAPLIBRE_ASSETS_PATH}
        mapStyleUrl={mapStyleUrl}
        locale={locale}
        brand={{ name: brand.name, logo: logoSources(brand.logo, 'light') }}
        links={brand.footerLinks}
        defaultCamera={{ ...brand.map.center, zoom: brand.map.zoom }}
        languageSwitcher={<LanguageSwitcher locale={locale} />}
      />
    </Suspense>
  );
}
