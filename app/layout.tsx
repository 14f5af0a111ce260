import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { EmojiSupport } from '@/components/ui/emoji-support';
import { getBrand } from '@/lib/brand/get-brand';
import { brandCssVariables, brandFontFaces } from '@/lib/brand/schema';
import { OG_LOCALE } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getLocale } from '@/lib/i18n/get-locale';
import { EARLY_INPUT_SCRIPT } from '@/lib/ui/early-input-script';
import './globals.css';

/**
 * Title, description and Open Graph tags carry the brand's name (BRAND_FILE / BRAND_NAME, read at request time) and
 * speak the visitor's language (the same URL serves both, negotiated per visitor); pages override what they know.
 */
export async function generateMetadata(): Promise<Metadata> {
  const { name, favicon } = getBrand();
  const locale = await getLocale();
  const meta = getMessages(locale).meta;
  const title = `${name} — ${meta.siteTagline}`;
  return {
    title: { default: title, template: `%s · ${name}` },
    description: meta.siteDescription,
    openGraph: { title, description: meta.siteDescription, siteName: name, locale: OG_LOCALE[locale], type: 'website' },
    twitter: { card: 'summary', title, description: meta.siteDescription },
    ...(favicon ? { icons: { icon: favicon } } : {}),
  };
}

export function generateViewport(): Viewport {
  // `cover`: the page reaches under a phone's notch and home bar, and the layout pads itself with the safe-area insets.
  return { width: 'device-width', initialScale: 1, viewportFit: 'cover', themeColor: getBrand().colors.primary };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The brand's colours override globals.css's --brand-* defaults for every page, the embed included.
    <html lang={await getLocale()} style={brandCssVariables(getBrand())} data-brand={getBrand().name}>
      <head>
        {/* Before any button or map is parsed: input before hydration is kept (lib/ui/early-input-script.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
        {getBrand().font && (
          // The brand's own font files (lib/brand/schema.ts validates family and paths: no markup can get in).
          <style>{brandFontFaces(getBrand())}</style>
        )}
      </head>
      <body>
        {children}
        <EmojiSupport />
      </body>
    </html>
  );
}
