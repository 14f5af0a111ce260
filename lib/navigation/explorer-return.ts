/** Where the explorer's URL is kept for the event page's "Back to the map" (per tab: sessionStorage). */
export const EXPLORER_RETURN_KEY = 'eventmap:explorer-url';

/**
 * The explorer URL to return to, as a same-origin path: the one remembered when the visitor left the explorer, else
 * the referrer when it is the explorer, else the explorer's default view. Anything else (another site, another page,
 * a hand-edited value) falls back: a "Back to the map" link never leads off the site.
 */
export function explorerReturnHref(remembered: string | null, referrer: string, origin: string): string {
  for (const candidate of [remembered, referrer]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, origin);
      if (url.origin === origin && url.pathname === '/') return `/${url.search}`;
    } catch {
      // not a URL: try the next one
    }
  }
  return '/';
}
