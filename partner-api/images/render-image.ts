import type { TMainCategory } from '@/lib/contract';
import { DEFAULT_PICTOGRAM, PICTOGRAMS } from './pictograms';
import { textPath } from './text-path';

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
  /** The category whose pictogram is drawn large (instead of the title's initials). */
  category?: TMainCategory;
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

/** Text without emoji and other pictographs (which no font of the service draws). */
function withoutPictographs(text: string): string {
  return text
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
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
  const markY = height * (ref.variant === 'logo' ? 0.5 : 0.44);
  let mark: string;
  if (info.category) {
    const size = Math.round(min * 0.36);
    const pictogram = PICTOGRAMS[info.category] ?? DEFAULT_PICTOGRAM;
    mark =
      `<path transform="translate(${Math.round(width / 2 - size / 2)} ${Math.round(markY - size / 2)}) scale(${(size / 100).toFixed(3)})" ` +
      `d="${pictogram}" fill="#fff" fill-opacity="0.92" fill-rule="evenodd"/>`;
  } else {
    const size = Math.round(min * 0.28);
    // Cap height of DejaVu Sans is about 0.73 em: a baseline this far down centres the letters on markY.
    const letters = textPath(initials(title), { x: width / 2, y: markY + size * 0.365, size, weight: 700 });
    mark = letters ? `<path d="${letters}" fill="#fff" fill-opacity="0.92"/>` : '';
  }
  const line = (text: string, y: number, size: number, weight: 400 | 700, opacity: string) => {
    const data = textPath(text, { x: width / 2, y, size, weight, maxWidth: width * 0.9 });
    return data ? `<path d="${data}" fill="#fff"${opacity === '1' ? '' : ` fill-opacity="${opacity}"`}/>` : '';
  };
  const caption =
    ref.variant === 'logo'
      ? ''
      : line(truncate(title, 38), height - min * 0.14, Math.round(min * 0.065), 700, '1') +
        (info.subtitle
          ? line(truncate(info.subtitle, 48), height - min * 0.06, Math.round(min * 0.045), 400, '0.85')
          : '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(withoutPictographs(title))}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${circles}${mark}${caption}</svg>`
  );
}
