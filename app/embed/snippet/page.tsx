import type { Metadata } from 'next';
import { SnippetBuilder } from '@/components/embed/snippet-builder';
import { getBrand } from '@/lib/brand/get-brand';

export function generateMetadata(): Metadata {
  return { title: 'Embed the map', robots: { index: false } };
}

/** Partners build their copy-paste iframe snippet here, with a live preview of the embed. */
export default function EmbedSnippetPage() {
  const brand = getBrand();
  return (
    <main id="main">
      <h1 style={{ padding: '0 var(--space-4)' }}>Embed the {brand.name} map</h1>
      <SnippetBuilder
        brandName={brand.name}
        defaultCategories={brand.defaultCategories}
        defaultLocale={brand.defaultLocale}
      />
    </main>
  );
}
