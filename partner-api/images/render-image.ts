/**
 * Generated images: every image URL the service hands out (`/images/<kind>/<id>-<variant>.svg`) is drawn here, so
 * the demo needs no network and no image files. The same path always gives the same SVG.
 */

export const IMAGE_KINDS = ['event', 'place', 'performer', 'partner'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Pixel size of each variant; `main` matches the imageWidth/imageHeight the serializer writes (1200×800). */
export const IMAGE_VARIANTS = {
  main: { width: 1200, height: 800 },
  square: { width: 600, height: 600 },
  rectangle: { width: 1200, height: 600 },
  web: { width: 800, height: 533 },
  logo: { width: 200, height: 200 },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export interface ImageRef {
  kind: ImageKind;
  id: string;
  variant: ImageVariant;
}

/** What the picture shows; all optional, missing parts are derived from the path. */
export interface ImageInfo {
  title?: string;
  subtitle?: string;
  /** Base colour (`#rrggbb`), e.g. the event's category colour. */
  color?: string;
  /** A short symbol (emoji) drawn large. */
  icon?: string;
}

const PATH = /^(event|place|performer|partner)\/([A-Za-z0-9_-]{1,64})-(main|square|rectangle|web|logo)\.svg$/;

/** Parses `<kind>/<id>-<variant>.svg` (the part after `/images/`); null for anything else. */
export function parseImagePath(path: string): ImageRef | null {
  const match = PATH.exec(path.replace(/^\/?(images\/)?/, ''));
  if (!match) return null;
  return { kind: match[1] as ImageKind, id: match[2] as string, variant: match[3] as ImageVariant };
}

/** FNV-1a: a small stable hash so colours and shapes depend on the path only. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const PALETTE = ['#1565c0', '#c62828', '#6a1b9a', '#2e7d32', '#e65100', '#00838f', '#ad1457', '#4527a0', '#0277bd'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shade(hex: string, factor: number): string {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '1565c0';
  const channels = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  const mixed = channels.map((c) =>
    Math.round(factor >= 0 ? c + (255 - c) * factor : c * (1 + factor))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${mixed.join('')}`;
}

function initials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/[\s'-]+/)
    .filter((w) => w.length > 2 || /^\p{Lu}/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w][0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A deterministic SVG for an image reference: a gradient in `info.color`, soft circles, the icon or initials. */
export function renderImage(ref: ImageRef, info: ImageInfo = {}): string {
  const { width, height } = IMAGE_VARIANTS[ref.variant];
  const seed = hash(`${ref.kind}/${ref.id}`);
  const color = info.color ?? PALETTE[seed % PALETTE.length] ?? '#1565c0';
  const light = shade(color, 0.35);
  const dark = shade(color, -0.35);
  const title = info.title ?? `${ref.kind} ${ref.id}`;
  const min = Math.min(width, height);
  const circles = [0, 1, 2]
    .map((i) => {
      const h = hash(`${seed}:${i}`);
      const cx = h % width;
      const cy = (h >>> 8) % height;
      const r = Math.round(min * (0.2 + ((h >>> 16) % 40) / 100));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${(0.06 + i * 0.03).toFixed(2)}"/>`;
    })
    .join('');
  const mark = info.icon
    ? `<text x="50%" y="${ref.variant === 'logo' ? 50 : 44}%" font-size="${Math.round(min * 0.32)}" text-anchor="middle" dominant-baseline="central">${escapeXml(info.icon)}</text>`
    : `<text x="50%" y="${ref.variant === 'logo' ? 50 : 44}%" font-size="${Math.round(min * 0.28)}" font-family="system-ui, sans-serif" font-weight="700" fill="#fff" fill-opacity="0.92" text-anchor="middle" dominant-baseline="central">${escapeXml(initials(title))}</text>`;
  const caption =
    ref.variant === 'logo'
      ? ''
      : `<text x="50%" y="${height - min * 0.14}" font-size="${Math.round(min * 0.065)}" font-family="system-ui, sans-serif" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(truncate(title, 38))}</text>` +
        (info.subtitle
          ? `<text x="50%" y="${height - min * 0.06}" font-size="${Math.round(min * 0.045)}" font-family="system-ui, sans-serif" fill="#fff" fill-opacity="0.85" text-anchor="middle">${escapeXml(truncate(info.subtitle, 48))}</text>`
          : '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${circles}${mark}${caption}</svg>`
  );
}
