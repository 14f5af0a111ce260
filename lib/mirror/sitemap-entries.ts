import 'server-only';
import type { MirrorDb } from './mirror-db';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapKind = 'events' | 'places' | 'performers';

/** One page of the site: its path below the origin and when it last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/*
 * Pages worth indexing are those of current events (not passed, not cancelled; deleted ones are gone from the
 * mirror), and of the places and performers that have at least one of them; a place's or performer's lastmod is the
 * latest updatedAt of those events.
 */
const CURRENT = 'e.cancelled = 0 AND e.end_ms > @now';
const QUERIES: Record<SitemapKind, { count: string; page: string }> = {
  events: {
    count: `SELECT count(*) FROM events e WHERE ${CURRENT}`,
    page: `SELECT e.id AS key, e.updated_ms AS ms FROM events e WHERE ${CURRENT} ORDER BY e.id LIMIT @limit OFFSET @offset`,
  },
  places: {
    count: `SELECT count(DISTINCT e.map_place_id) FROM events e WHERE ${CURRENT} AND e.map_place_id IS NOT NULL`,
    page: `SELECT e.map_place_id AS key, max(e.updated_ms) AS ms FROM events e
           WHERE ${CURRENT} AND e.map_place_id IS NOT NULL GROUP BY e.map_place_id ORDER BY e.map_place_id
           LIMIT @limit OFFSET @offset`,
  },
  performers: {
    count: `SELECT count(DISTINCT p.performer_id) FROM event_performers p JOIN events e ON e.id = p.event_id
            WHERE ${CURRENT}`,
    page: `SELECT p.performer_id AS key, max(e.updated_ms) AS ms FROM event_performers p JOIN events e ON e.id = p.event_id
           WHERE ${CURRENT} GROUP BY p.performer_id ORDER BY p.performer_id LIMIT @limit OFFSET @offset`,
  },
};

const PATHS: Record<SitemapKind, (key: string | number) => string> = {
  events: (id) => `/events/${id}`,
  places: (id) => `/places/${encodeURIComponent(String(id))}`,
  performers: (id) => `/performers/${id}`,
};

/** How many sitemap files each kind needs (at least one each, so the index is stable). */
export function sitemapFileCounts(db: MirrorDb, now: number, perFile = SITEMAP_MAX_URLS): Record<SitemapKind, number> {
  const count = (kind: SitemapKind) => db.prepare(QUERIES[kind].count).pluck().get({ now }) as number;
  return {
    events: Math.max(1, Math.ceil(count('events') / perFile)),
    places: Math.max(1, Math.ceil(count('places') / perFile)),
    performers: Math.max(1, Math.ceil(count('performers') / perFile)),
  };
}

/** The entries of one sitemap file (`index` from 1). */
export function sitemapEntries(
  db: MirrorDb,
  kind: SitemapKind,
  index: number,
  now: number,
  perFile = SITEMAP_MAX_URLS,
): SitemapEntry[] {
  const rows = db.prepare(QUERIES[kind].page).all({ now, limit: perFile, offset: (index - 1) * perFile }) as Array<{
    key: string | number;
    ms: number;
  }>;
  return rows.map((row) => ({ path: PATHS[kind](row.key), lastmod: new Date(row.ms).toISOString() }));
}
