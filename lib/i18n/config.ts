/** Languages the web app speaks; the first is the default for requests that state no usable preference. */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** The catalogue is French (places, descriptions), so French is what a visitor without a preference gets. */
export const DEFAULT_LOCALE: Locale = 'fr';

/** Cookie that remembers the visitor's choice from the language switcher (a preference, not a secret). */
export const LOCALE_COOKIE = 'eventmap-locale';

/** One year: a language choice should survive between visits. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Whether a value is one of the supported locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags used for Intl formatting and `og:locale` (the catalogue is about France). */
export const INTL_LOCALE: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };
export const OG_LOCALE: Record<Locale, string> = { fr: 'fr_FR', en: 'en_GB' };
