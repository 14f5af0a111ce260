import 'server-only';

/**
 * `Cache-Control` policies of the route handlers. Only shared caches (CDN, reverse proxy) keep these briefly:
 * without `max-age` browsers do not, and TanStack Query owns client-side freshness.
 */
export const CACHE_POLICIES = {
  /** Viewport and list queries: data changes, but a 30 s old map is fine and absorbs bursts of panning. */
  events: 'public, s-maxage=30, stale-while-revalidate=120',
  /** Live events (next 3 hours) age faster. */
  live: 'public, s-maxage=15, stale-while-revalidate=60',
  /** One event, place or performer record. */
  record: 'public, s-maxage=300, stale-while-revalidate=3600',
  /** Typeahead and name searches. */
  search: 'public, s-maxage=60, stale-while-revalidate=300',
} as const;

export type CachePolicy = keyof typeof CACHE_POLICIES;

/** For errors and for any response that sets a cookie: a shared cache must never store or replay those. */
export const NO_STORE = 'private, no-store';
