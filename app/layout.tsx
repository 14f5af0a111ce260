import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { EmojiSupport } from '@/components/ui/emoji-support';
import { getLocale } from '@/lib/i18n/get-locale';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Eventmap — what’s on near you', template: '%s · Eventmap' },
  description: 'Find concerts, shows, exhibitions and everything else happening around you, on a map.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1d3557',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await getLocale()}>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Providers>{children}</Providers>
        <EmojiSupport />
      </body>
    </html>
  );
}
