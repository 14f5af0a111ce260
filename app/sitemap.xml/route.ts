import { sitemapIndexResponse } from '@/lib/mirror/sitemap';

export const dynamic = 'force-dynamic';

/** The sitemap index of event, place and performer pages, from the local catalogue mirror. */
export function GET(): Promise<Response> {
  return sitemapIndexResponse();
}
