import 'server-only';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { parseEventId } from '@/lib/api/get-event';
import { parseMapPlaceId } from '@/lib/api/get-place';
import { parsePerformerId } from '@/lib/api/get-performer';
import { getBrand } from '@/lib/brand/get-brand';
import { getEnv } from '@/lib/env';
import { securityHeaders } from '@/lib/http/security-headers.mjs';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { negotiateLocale } from '@/lib/i18n/negotiate';
import { getReadModel } from '@/lib/read-model/get-read-model';

/** How long a probe's answer stands (one probe per this many ms at most, whatever the traffic). */
const PROBE_TTL_MS = 2_000;
/** How long a probe may take before the service counts as down. */
const PROBE_TIMEOUT_MS = 1_500;
/** What a 503 asks clients and crawlers to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 10;

let lastProbe: { at: number; up: Promise<boolean> } | undefined;

/**
 * Whether the Partner API answers HTTP at all (any status: a 401 is an answer). Only "nothing listens" or "no answer
 * in time" count as down; the page's own load handles every other failure.
 */
export function partnerReachable(now = Date.now()): Promise<boolean> {
  if (lastProbe && now - lastProbe.at < PROBE_TTL_MS) return lastProbe.up;
  const up = fetch(`${getEnv().partnerApiUrl}/v2/clicks`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
    async (res) => {
      await res.body?.cancel();
      return true;
    },
    () => false,
  );
  lastProbe = { at: now, up };
  return up;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How long the styled page may take to render (a cold first render included) before the plain one stands in. */
const STYLED_PAGE_TIMEOUT_MS = 3_000;

/**
 * The "service unavailable" answer: the site's own page (`/unavailable`: the header, the layout, the visitor's
 * language, a retry) with status 503 and `Retry-After`. A page's render cannot set a 503 itself, so the gate renders
 * that page through the app and answers with its body; when even that fails, the plain page below stands in.
 */
export async function unavailableResponse(request: NextRequest): Promise<NextResponse> {
  try {
    const headers = new Headers({ accept: 'text/html' });
    for (const name of ['accept-language', 'cookie']) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    const page = await fetch(new URL('/unavailable', request.nextUrl.origin), {
      headers,
      signal: AbortSignal.timeout(STYLED_PAGE_TIMEOUT_MS),
      cache: 'no-store',
    });
    if (page.ok) {
      // Read whole within the time limit: a body cut off mid-stream would reach the visitor as an empty error.
      const html = await page.text();
      const response = new NextResponse(html, {
        status: 503,
        headers: {
          'Content-Type': page.headers.get('content-type') ?? 'text/html; charset=utf-8',
          'Retry-After': String(RETRY_AFTER_SECONDS),
          'Cache-Control': 'no-store',
        },
      });
      for (const { key, value } of securityHeaders(getEnv().nodeEnv === 'production')) response.headers.set(key, value);
      return response;
    }
    await page.body?.cancel();
  } catch {
    // The app cannot render its own page right now: the plain one says the same.
  }
  return plainUnavailableResponse(request);
}

/** The plain "service unavailable" page: the record pages' wording, in the visitor's language, without any script. */
function plainUnavailableResponse(request: NextRequest): NextResponse {
  const locale = negotiateLocale(
    request.headers.get('accept-language'),
    request.cookies.get(LOCALE_COOKIE)?.value,
    getBrand().defaultLocale,
  );
  const m = getMessages(locale).unavailable;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${escapeHtml(m.title)}</title></head>
<body><main><h1>${escapeHtml(m.title)}</h1><p>${escapeHtml(m.body)}</p>
<p><a href="">${escapeHtml(m.retry)}</a> · <a href="/">${escapeHtml(m.back)}</a></p></main></body></html>`;
  const response = new NextResponse(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    },
  });
  for (const { key, value } of securityHeaders(getEnv().nodeEnv === 'production')) response.headers.set(key, value);
  return response;
}

/**
 * Whether the web app's copy of the catalogue (the read model) holds the record a page path names: the page then
 * renders from it, with its notice, while the Partner API is down (lib/api/pages.ts). The proxy runs in the app's
 * process, and the read model lives on globalThis, so this is the copy the page reads. A malformed id, or a copy that
 * cannot be read, counts as not held.
 */
function copyHolds(pathname: string): boolean {
  try {
    const model = getReadModel()?.model;
    if (model === undefined) return false;
    const [, kind, raw = ''] = pathname.split('/');
    const id = decodeURIComponent(raw);
    if (kind === 'events') return model.event(parseEventId(id)) !== null;
    if (kind === 'places') return model.place(parseMapPlaceId(id)) !== null;
    if (kind === 'performers') return model.performer(parsePerformerId(id)) !== null;
    return false;
  } catch {
    return false;
  }
}

/**
 * The record pages' gate: while the Partner API is unreachable they answer 503 with `Retry-After` here, before
 * rendering (a page's render can only end in 200, 404 or 500, and a thrown error is logged as a React error) —
 * unless the copy of the catalogue holds the record, which the page then shows.
 */
export async function recordPageGate(request: NextRequest): Promise<NextResponse> {
  if (await partnerReachable()) return NextResponse.next();
  return copyHolds(request.nextUrl.pathname) ? NextResponse.next() : unavailableResponse(request);
}
