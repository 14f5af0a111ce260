import { sitemapFileResponse } from '@/lib/mirror/sitemap';

export const dynamic = 'force-dynamic';

/** One sitemap file: `events-1.xml`, `places-1.xml`, `performers-1.xml`… */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return sitemapFileResponse((await params).file);
}
