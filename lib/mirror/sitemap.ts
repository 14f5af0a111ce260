import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { getSiteOrigin } from '@/lib/records/site-url';
import { problemResponse } from '@/lib/http/problem';
import { getCatalogueMirror, startCatalogueSync } from './catalogue-mirror';
import type { MirrorDb } from './mirror-db';
import { sitemapEntries, sitemapFileCounts, SITEMAP_MAX_URLS, type SitemapKind } from './sitemap-entries';

const KINDS: SitemapKind[] = ['events', 'places', 'performers'];

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap index: one `<sitemap>` per file of each kind (files are `/sitemaps/{kind}-{n}.xml`). */
export function sitemapIndexXml(db: MirrorDb | null, origin: string, now: number, perFile = SITEMAP_MAX_URLS): string {
  const counts = db ? sitemapFileCounts(db, now, perFile) : { events: 1, places: 1, performers: 1 };
  const parts = [HEAD, `<sitemapindex xmlns="${NS}">\n`];
  for (const kind of KINDS) {
    for (let n = 1; n <= counts[kind]; n += 1) {
      parts.push(`<sitemap><loc>${escapeXml(`${origin}/sitemaps/${kind}-${n}.xml`)}</loc></sitemap>\n`);
    }
  }
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

/** One sitemap file (`<urlset>`), every URL with its `lastmod`. */
export function sitemapFileXml(
  db: MirrorDb | null,
  kind: SitemapKind,
  index: number,
  origin: string,
  now: number,
  perFile = SITEMAP_MAX_URLS,
): string {
  const entries = db ? sitemapEntries(db, kind, index, now, perFile) : [];
  const parts = [HEAD, `<urlset xmlns="${NS}">\n`];
  for (const entry of entries) {
    parts.push(`<url><loc>${escapeXml(origin + entry.path)}</loc><lastmod>${entry.lastmod}</lastmod></url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  // Crawlers come rarely; a minute of caching spares the database a burst without hiding a sync for long.
  'Cache-Control': 'public, max-age=60',
};

/** Reads the mirror for a sitemap, making sure its sync schedule runs (null when the mirror is off). */
function mirrorDb(): MirrorDb | null {
  startCatalogueSync();
  return getCatalogueMirror()?.db ?? null;
}

/** `GET /sitemap.xml`. */
export async function sitemapIndexResponse(): Promise<Response> {
  return new Response(sitemapIndexXml(mirrorDb(), await getSiteOrigin(), serverNow()), { headers: XML_HEADERS });
}

/** `GET /sitemaps/{kind}-{n}.xml`; 404 for a file that does not exist. */
export async function sitemapFileResponse(file: string): Promise<Response> {
  const match = /^(events|places|performers)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return problemResponse({ status: 404, detail: 'No such sitemap file.' });
  const kind = match[1] as SitemapKind;
  const index = Number(match[2]);
  const db = mirrorDb();
  const now = serverNow();
  if (index > 1 && (!db || index > sitemapFileCounts(db, now)[kind])) {
    return problemResponse({ status: 404, detail: 'No such sitemap file.' });
  }
  return new Response(sitemapFileXml(db, kind, index, await getSiteOrigin(), now), { headers: XML_HEADERS });
}
