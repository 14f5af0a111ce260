import 'server-only';
import { NextResponse } from 'next/server';
import { getBrand } from '@/lib/brand/get-brand';
import { frameAncestors } from '@/lib/brand/schema';
import { getEnv } from '@/lib/env';
import { contentSecurityPolicy } from './security-headers.mjs';

/**
 * The embed route's response: the usual CSP, but framable by the brand's allowed origins only. Done at run time
 * (not in next.config.mjs, which the build bakes in) so switching BRAND_FILE needs no rebuild.
 */
export function embedResponse(): NextResponse {
  const response = NextResponse.next();
  const production = getEnv().nodeEnv === 'production';
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(production, frameAncestors(getBrand())));
  return response;
}
