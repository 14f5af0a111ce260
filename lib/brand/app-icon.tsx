import 'server-only';
import { ImageResponse } from 'next/og';
import type { TBrand } from './schema';

/** The square PNG sizes the web app manifest lists (Android's launcher and splash screen). */
export const APP_ICON_SIZES = [192, 512] as const;

/**
 * The app icon as a full-bleed square PNG: the favicon's rings (app/icon.svg) on the brand's primary colour. Full
 * bleed, with the mark inside the central 80 % "safe zone", so launchers may crop it to any shape (`maskable`).
 */
export function appIcon(brand: TBrand, size: number): ImageResponse {
  const ring = Math.round(size * 0.36);
  const stroke = Math.round(size * 0.075);
  const dot = Math.round(size * 0.16);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: brand.colors.primary,
      }}
    >
      <div
        style={{
          width: ring + stroke * 2,
          height: ring + stroke * 2,
          borderRadius: '50%',
          border: `${stroke}px solid ${brand.colors.primaryContrast}`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <div style={{ width: dot, height: dot, borderRadius: '50%', background: brand.colors.primaryContrast }} />
      </div>
    </div>,
    { width: size, height: size },
  );
}
