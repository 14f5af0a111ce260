import type { MetadataRoute } from 'next';
import { APP_ICON_SIZES } from '@/lib/brand/app-icon';
import { getBrand } from '@/lib/brand/get-brand';

/** The web app manifest: the brand's name and colours, the vector favicon and the launcher's PNG icons. */
export default function manifest(): MetadataRoute.Manifest {
  const brand = getBrand();
  return {
    name: brand.name,
    short_name: brand.name,
    description: 'Find concerts, shows, exhibitions and everything else happening around you, on a map.',
    start_url: '/',
    display: 'standalone',
    background_color: brand.colors.background,
    theme_color: brand.colors.primary,
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...APP_ICON_SIZES.map((s) => ({
        src: `/app-icon/${s}`,
        sizes: `${s}x${s}`,
        type: 'image/png',
        purpose: 'maskable' as const,
      })),
    ],
  };
}
