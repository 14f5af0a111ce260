import { connection } from 'next/server';
import { ExplorerLoader } from '@/components/explorer/explorer-loader';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { MapBackdrop } from '@/components/map/map-backdrop';
import { loadFirstView } from '@/lib/api/first-view';
import { getBrand } from '@/lib/brand/get-brand';
import { logoSources } from '@/lib/brand/logo';
import { getEnv } from '@/lib/env';
import { MAPLIBRE_ASSETS_PATH } from '@/lib/map/maplibre-assets';
import { getLocale } from '@/lib/i18n/get-locale';

type SearchParams = Record<string, string | string[] | undefined>;

export default async function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // MAP_STYLE_URL is read at request time, not baked in at build time.
  await connection();
  const { mapStyleUrl } = getEnv();
  const locale = await getLocale();
  const brand = getBrand();
  const defaultCamera = { ...brand.map.center, zoom: brand.map.zoom };
  // The first view's cards are drawn here, so the list is the page's first content, before any script runs.
  const firstView = await loadFirstView(await searchParams, defaultCamera);
  // The explorer renders the page's landmarks (header, main, aside) and its heading; the brand's links sit in the
  // header's menu rather than in a footer under a full-height map. No Suspense boundary around it: React outlines a
  // boundary this large (a hidden copy revealed by an inline script once the stream ends), so the page was blank
  // without JavaScript and its first cards painted late; without one the explorer's HTML is the page's own.
  return (
    <ExplorerLoader
      mapLibPath={MAPLIBRE_ASSETS_PATH}
      mapStyleUrl={mapStyleUrl}
      locale={locale}
      brand={{ name: brand.name, logo: logoSources(brand.logo, 'light') }}
      links={brand.footerLinks}
      defaultCamera={defaultCamera}
      firstView={firstView}
      mapBackdrop={firstView ? <MapBackdrop firstView={firstView} locale={locale} /> : undefined}
      languageSwitcher={<LanguageSwitcher locale={locale} />}
    />
  );
}
