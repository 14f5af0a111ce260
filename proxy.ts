import { embedResponse } from '@/lib/http/embed-headers';

/** Only the embed route passes here: it gets the brand's `frame-ancestors` (see lib/http/embed-headers.ts). */
export function proxy() {
  return embedResponse();
}

export const config = { matcher: '/embed' };
