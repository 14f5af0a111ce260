import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { EmojiSupport } from '@/components/ui/emoji-support';
import { getBrand } from '@/lib/brand/get-brand';
import { brandCssVariables } from '@/lib/brand/schema';
import { getLocale } from '@/lib/i18n/get-locale';
import './globals.css';

/** Title and description carry the brand's name (BRAND_FILE / BRAND_NAME, read at request time). */
export function generateMetadata(): Metadata {
  const { name } = getBrand();
  return {
    title: { default: `${name} — what’s on near you`, template: `%s · ${name}` },
    description: 'Find concerts, shows, exhibitions and everything else happening around you, on a map.',
  };
}

export function generateViewport(): Viewport {
  return { width: 'device-width', initialScale: 1, themeColor: getBrand().colors.primary };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The brand's colours override globals.css's --brand-* defaults for every page, the embed included.
    <html lang={await getLocale()} style={brandCssVariables(getBrand())} data-brand={getBrand().name}>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <EmojiSupport />
      </body>
    </html>
  );
}
