import type { Metadata } from 'next';
import { SnippetBuilder } from '@/components/embed/snippet-builder';
import { getBrand } from '@/lib/brand/get-brand';
import { getEnv } from '@/lib/env';
import { getLocale } from '@/lib/i18n/get-locale';
import { embedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import { MAPLIBRE_ASSETS_PATH } from '@/lib/map/maplibre-assets';

export async function generateMetadata(): Promise<Metadata> {
  const t = embedBuilderMessages(await getLocale());
  return { title: t.title(getBrand().name), robots: { index: false } };
}

/** Partners build their copy-paste iframe snippet here, with a live preview of the embed. */
export default async function EmbedSnippetPage() {
  const brand = getBrand();
  const locale = await getLocale();
  const t = embedBuilderMessages(locale);
  return (
    <main id="main" lang={locale}>
      <div style={{ padding: '0 var(--space-4)' }}>
        <h1>{t.title(brand.name)}</h1>
        <p>{t.intro}</p>
      </div>
      <SnippetBuilder
        brandName={brand.name}
        locale={locale}
        defaultCategories={brand.defaultCategories}
        defaultLocale={locale}
        embedOrigins={brand.embedOrigins}
        map={{
          mapLibPath: MAPLIBRE_ASSETS_PATH,
          mapStyleUrl: getEnv().mapStyleUrl,
          defaultCamera: { ...brand.map.center, zoom: brand.map.zoom },
        }}
      />
    </main>
  );
}
