import type { NextRequest } from 'next/server';
import { embedResponse } from '@/lib/http/embed-headers';
import { recordPageGate } from '@/lib/records/service-gate';

/**
 * The embed route gets the brand's `frame-ancestors` (lib/http/embed-headers.ts); the record pages answer 503 with
 * `Retry-After` while the Partner API is unreachable (lib/records/service-gate.ts).
 */
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === '/embed') return embedResponse();
  return recordPageGate(request);
}

export const config = { matcher: ['/embed', '/events/:id', '/places/:id', '/performers/:id'] };
