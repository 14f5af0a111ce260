import { z } from 'zod';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';

/*
 * The brand a deployment runs under. Pure (no fs, no env) so the client-safe parts and the tests can use it;
 * lib/brand/get-brand.ts loads the file that BRAND_FILE names and applies the env overrides.
 */

const ZColour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1d3557');

/** A logo that needs no network: a path under public/ or an inline image data URI. */
const ZLogo = z
  .string()
  .max(200_000)
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || /^data:image\/[a-z+.-]+[;,]/.test(value),
    'must be a path under public/ (starting with /) or a data:image URI',
  );

/**
 * The logo: one image, or a `light` one and a `dark` one for dark surfaces (the embed's dark theme). A single image
 * (the shorthand `"logo": "/path.svg"`) is used on both.
 */
const ZLogoVariants = z.preprocess(
  (value) => (typeof value === 'string' ? { light: value } : value),
  z.strictObject({ light: ZLogo, dark: ZLogo.optional() }),
);

/**
 * One CSP `frame-ancestors` source: a scheme + host (optionally `*.` subdomains and a port or `:*`), or `'self'`.
 * Anything else (paths, quotes, semicolons) could smuggle directives into the header.
 */
const ZEmbedOrigin = z
  .string()
  .regex(
    /^(?:'self'|https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/,
    "must be 'self' or an origin like https://partner.example or http://localhost:*",
  );

/** A file the deployment ships under public/ (no web fonts, no remote images). */
const ZPublicPath = (ext: RegExp, what: string) =>
  z
    .string()
    .max(300)
    .regex(/^\/(?!\/)[A-Za-z0-9._/-]+$/, 'must be a path under public/ (starting with /)')
    .refine((value) => !value.includes('..') && ext.test(value), `must name a ${what} file`);

const ZFontFile = z.strictObject({
  path: ZPublicPath(/\.(?:woff2|woff|ttf|otf)$/i, '.woff2, .woff, .ttf or .otf'),
  weight: z.union([z.number().int().min(100).max(900), z.string().regex(/^\d{3} \d{3}$/)]).default(400),
  style: z.enum(['normal', 'italic']).default('normal'),
});

/** Preset parts the brand locks in every embed (see lib/explorer/preset.ts): visitors filter within them. */
const ZLockedPreset = z.strictObject({
  categories: z.array(z.enum(MAIN_CATEGORIES)).min(1).max(MAIN_CATEGORIES.length).optional(),
  live: z.boolean().optional(),
  area: z
    .tuple([
      z.number().min(-180).max(180),
      z.number().min(-85).max(85),
      z.number().min(-180).max(180),
      z.number().min(-85).max(85),
    ])
    .refine(([west, south, east, north]) => west < east && south < north, 'must be [west, south, east, north]')
    .optional(),
});

const ZFooterLink = z.object({
  label: z.string().min(1).max(80),
  href: z.string().refine((v) => /^(?:\/(?!\/)|https?:\/\/|mailto:)/.test(v), 'must be a path, http(s) or mailto URL'),
});

/** The brand configuration file's shape. */
export const ZBrandSchema = z.strictObject({
  name: z.string().min(1).max(80),
  logo: ZLogoVariants,
  favicon: ZPublicPath(/\.(?:svg|png|ico)$/i, '.svg, .png or .ico').optional(),
  /** Body font from files the deployment ships; the system font stack remains the fallback. */
  font: z
    .strictObject({ family: z.string().regex(/^[A-Za-z0-9 -]{1,60}$/), files: z.array(ZFontFile).min(1).max(8) })
    .optional(),
  colors: z.strictObject({
    primary: ZColour,
    primaryContrast: ZColour,
    accent: ZColour,
    accentContrast: ZColour,
    background: ZColour,
    surface: ZColour,
    text: ZColour,
    /** The primary on dark surfaces (light enough for AA contrast there); a neutral light tint by default. */
    primaryDark: ZColour.optional(),
  }),
  map: z.strictObject({
    center: z.strictObject({ lng: z.number().min(-180).max(180), lat: z.number().min(-85).max(85) }),
    zoom: z.number().min(1).max(18),
  }),
  defaultCategories: z.array(z.enum(MAIN_CATEGORIES)).max(MAIN_CATEGORIES.length).default([]),
  defaultLocale: z.enum(['fr', 'en']),
  footerLinks: z.array(ZFooterLink).max(12).default([]),
  embedOrigins: z.array(ZEmbedOrigin).max(50).default([]),
  lockedPreset: ZLockedPreset.default({}),
});

export type TBrand = z.infer<typeof ZBrandSchema>;

/** A brand configuration error; its message names the file and every offending key. */
export class BrandError extends Error {
  override name = 'BrandError';
}

/** Validates a parsed brand file with the env overrides applied on top; throws a {@link BrandError} naming each key. */
export function parseBrand(
  raw: unknown,
  overrides: Partial<Pick<TBrand, 'name' | 'defaultLocale' | 'embedOrigins'>>,
  source: string,
): TBrand {
  const merged = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...raw, ...overrides } : raw;
  const parsed = ZBrandSchema.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(brand)'}: ${issue.message}`);
    throw new BrandError(`Invalid brand configuration (${source}):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The CSS custom properties that apply a brand's colours (globals.css reads the --brand-* variables). */
export function brandCssVariables(brand: TBrand): Record<string, string> {
  const c = brand.colors;
  return {
    '--brand-primary': c.primary,
    '--brand-primary-contrast': c.primaryContrast,
    '--brand-accent': c.accent,
    '--brand-accent-contrast': c.accentContrast,
    '--brand-background': c.background,
    '--brand-surface': c.surface,
    '--brand-text': c.text,
    ...(c.primaryDark ? { '--brand-primary-dark': c.primaryDark } : {}),
    ...(brand.font ? { '--font-sans': `'${brand.font.family}', ${SYSTEM_FONTS}` } : {}),
  };
}

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The `@font-face` rules of the brand's font (its files are served from public/), or '' without one. */
export function brandFontFaces(brand: TBrand): string {
  if (!brand.font) return '';
  const { family, files } = brand.font;
  return files
    .map(
      (file) =>
        `@font-face{font-family:'${family}';src:url('${file.path}');font-weight:${file.weight};font-style:${file.style};font-display:swap}`,
    )
    .join('\n');
}

/**
 * The `frame-ancestors` source list of the embed route: the app itself (the snippet page previews the embed) and the
 * brand's origins; nobody else.
 */
export function frameAncestors(brand: TBrand): string {
  return ["'self'", ...brand.embedOrigins.filter((origin) => origin !== "'self'")].join(' ');
}
