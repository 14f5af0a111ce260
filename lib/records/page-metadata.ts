import 'server-only';
import type { Metadata } from 'next';
import { OG_LOCALE, type Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';

/** Absolute URL of a path on this site. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/**
 * Title, description, canonical URL, OpenGraph and Twitter card of a record page. The same URL serves both
 * languages (negotiated per visitor), so the canonical URL carries no language.
 */
export function recordMetadata(input: {
  locale: Locale;
  origin: string;
  path: string;
  title: string;
  description: string;
  image?: { url: string; width?: number | null; height?: number | null } | null;
  type?: 'website' | 'profile';
}): Metadata {
  const url = absoluteUrl(input.origin, input.path);
  const images = input.image
    ? [
        {
          url: input.image.url,
          ...(input.image.width ? { width: input.image.width } : {}),
          ...(input.image.height ? { height: input.image.height } : {}),
          alt: input.title,
        },
      ]
    : undefined;
  return {
    title: input.title,
    description: input.description,
    metadataBase: new URL(input.origin),
    alternates: { canonical: url },
    openGraph: {
      type: input.type ?? 'website',
      url,
      title: input.title,
      description: input.description,
      siteName: getMessages(input.locale).meta.siteName,
      locale: OG_LOCALE[input.locale],
      alternateLocale: Object.entries(OG_LOCALE)
        .filter(([locale]) => locale !== input.locale)
        .map(([, og]) => og),
      ...(images ? { images } : {}),
    },
    twitter: {
      card: images ? 'summary_large_image' : 'summary',
      title: input.title,
      description: input.description,
      ...(images ? { images: images.map((i) => i.url) } : {}),
    },
  };
}

/**
 * Metadata of a page whose record could not be shown: a 404 (Next itself marks not-found responses `noindex`) or
 * the upstream being down (a 5xx, never indexed either; `noindex` says so to anything that keeps the HTML).
 */
export function missingRecordMetadata(title: string, kind: 'not-found' | 'unavailable'): Metadata {
  return kind === 'not-found' ? { title } : { title, robots: { index: false, follow: false } };
}
