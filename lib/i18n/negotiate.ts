import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './config';

interface Preference {
  language: string;
  q: number;
  order: number;
}

/** Parses an `Accept-Language` header into language ranges, best first (RFC 9110 §12.5.4); bad entries are skipped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const preferences: Preference[] = [];
  // Bounded: a hostile header cannot make this do unbounded work.
  for (const [order, part] of header.slice(0, 1000).split(',').slice(0, 50).entries()) {
    const [range = '', ...params] = part.trim().split(';');
    const language = range.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(language)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0 && q <= 1) preferences.push({ language, q, order });
  }
  return preferences.sort((a, b) => b.q - a.q || a.order - b.order).map((p) => p.language);
}

/**
 * The locale to render: an explicit choice (the switcher's cookie) wins, then the first supported language of
 * `Accept-Language` (`fr-CA` counts as `fr`), then the fallback (the brand's default locale).
 */
export function negotiateLocale(
  acceptLanguage: string | null | undefined,
  chosen?: string | null,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  if (isLocale(chosen)) return chosen;
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    if (range === '*') return fallback;
    const primary = range.split('-')[0];
    const match = LOCALES.find((locale) => locale === primary);
    if (match) return match;
  }
  return fallback;
}
