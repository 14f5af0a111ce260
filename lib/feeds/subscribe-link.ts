import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';

/** Paths of the subscription feeds. */
export const FEED_PATHS = { ics: '/api/feeds/events.ics', atom: '/api/feeds/events.atom' } as const;

export { feedSearchParams } from './feed-url';

/** `webcal://host/…`: calendars subscribe to (and refresh) a webcal link rather than import it once. */
export function webcalUrl(origin: string, search: URLSearchParams): string {
  return `${origin.replace(/^https?:/, 'webcal:')}${FEED_PATHS.ics}?${search.toString()}`;
}

export interface SubscribeStrings {
  button: string;
  title: string;
  help: string;
  calendar: string;
  atom: string;
}

/** The Subscribe control's strings. */
export function subscribeStrings(locale: Locale): SubscribeStrings {
  return explorerMessages(locale).subscribe;
}
