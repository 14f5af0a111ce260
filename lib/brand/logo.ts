import type { TBrand } from './schema';

/** The brand's logo as a page draws it: the light image, and the dark one with the media query that selects it. */
export interface LogoSources {
  src: string;
  dark?: { src: string; media: string };
}

/**
 * The logo for a page's theme: `dark` always draws the dark image, `auto` when the visitor's system is set to dark
 * (a `<picture>` source, so the browser fetches only the one it shows and follows a system switch), `light` never.
 * A brand without a dark image draws its one image everywhere.
 */
export function logoSources(logo: TBrand['logo'], theme: 'light' | 'dark' | 'auto'): LogoSources {
  if (!logo.dark || theme === 'light') return { src: logo.light };
  return {
    src: logo.light,
    dark: { src: logo.dark, media: theme === 'dark' ? 'all' : '(prefers-color-scheme: dark)' },
  };
}
