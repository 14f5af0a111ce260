import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { HeightReporter } from '@/components/embed/height-reporter';
import { ExplorerLoader } from '@/components/explorer/explorer-loader';
import { MapBackdrop } from '@/components/map/map-backdrop';
import { loadFirstView, requestDeviceClass } from '@/lib/api/first-view';
import { getBrand } from '@/lib/brand/get-brand';
import { logoSources } from '@/lib/brand/logo';
import { EMBED_FRAMES, embedOptions, normalizedEmbedQuery } from '@/lib/embed/params';
import { getEnv } from '@/lib/env';
import { MAPLIBRE_ASSETS_PATH } from '@/lib/map/maplibre-assets';

export const metadata: Metadata = { robots: { index: false } };

interface EmbedPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The explorer without site chrome, for partners' iframes; configured by the URL only (no cookie). */
export default async function EmbedPage({ searchParams }: EmbedPageProps) {
  await connection();
  const params = await searchParams;
  const brand = getBrand();
  // A partner's box is framed for the visitor's kind of device: on a phone, above the half-open list.
  const frame = EMBED_FRAMES[await requestDeviceClass()];
  const query = normalizedEmbedQuery(params, brand.defaultCategories, brand.lockedPreset, frame);
  if (query !== null) redirect(query ? `/embed?${query}` : '/embed');
  const { locale, theme, target, nearKm } = embedOptions(params, brand.defaultLocale);
  const defaultCamera = { ...brand.map.center, zoom: brand.map.zoom };
  // The first view is drawn by the server, as on the home page: the frame shows its cards and a map of where they are
  // before any script runs, instead of an empty box of sea while MapLibre starts.
  const firstView = await loadFirstView(params, defaultCamera);
  return (
    // The explorer brings its own landmarks (main, aside) and heading.
    <div className="embed" data-theme={theme} lang={locale}>
      {/* No Suspense boundary: the explorer's HTML shows before any script runs (app/page.tsx says why). */}
      <ExplorerLoader
        mapLibPath={MAPLIBRE_ASSETS_PATH}
        mapStyleUrl={getEnv().mapStyleUrl}
        locale={locale}
        brand={{ name: brand.name, logo: logoSources(brand.logo, theme) }}
        defaultCamera={defaultCamera}
        firstView={firstView}
        mapBackdrop={firstView ? <MapBackdrop firstView={firstView} locale={locale} /> : undefined}
        // A map widget on a partner's page: the live map starts once the frame is idle, over the drawing.
        mapStartOverBackdrop="idle"
        chrome={false}
        linkTarget={target}
        nearKm={nearKm}
      />
      <HeightReporter />
    </div>
  );
}
