import { forwardPublicLink } from '@/lib/partner/link-proxy';

export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  return forwardPublicLink(request, 'e', (await params).path);
}
