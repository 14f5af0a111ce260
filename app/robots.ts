import type { MetadataRoute } from 'next';
import { getSiteOrigin } from '@/lib/records/site-url';

export const dynamic = 'force-dynamic';

/** Crawlers may index the explorer and the record pages; the embed and the partner dashboard are not for them. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await getSiteOrigin();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/embed', '/partner', '/api/'] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
