import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { headers } from 'next/headers';
import { bucketedNow } from '@/lib/explorer/events-params';
import { firstViewQuery, type DeviceClass, type FirstView } from '@/lib/explorer/first-view';
import type { Camera } from '@/lib/explorer/state';
import { explorerView } from './explorer-events';

/**
 * How long the home page waits for its first view's events. Past it the page is sent without them and the browser
 * loads them itself (skeleton cards, as before): a slow service must not hold the whole page back.
 */
const FIRST_VIEW_TIMEOUT_MS = 1500;

/** Phones by the client hint Chromium sends on every request, else by the user agent. */
export async function requestDeviceClass(): Promise<DeviceClass> {
  const h = await headers();
  const hint = h.get('sec-ch-ua-mobile');
  if (hint !== null) return hint === '?1' ? 'phone' : 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(h.get('user-agent') ?? '') ? 'phone' : 'desktop';
}

/** A page's search params as Next.js gives them, as the query string they came from. */
type PageSearchParams = Record<string, string | string[] | undefined>;

function toSearch(params: PageSearchParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, v);
  }
  return search;
}

/**
 * The first view of the home page or the embed, with its events (lib/explorer/first-view.ts) — a TExplorerView, as
 * the explorer's own loads — or null when it is not drawn by the server or, without a copy of the catalogue, the
 * service did not answer in time (the server log says why; the browser then loads the view itself).
 */
export async function loadFirstView(params: PageSearchParams, defaultCamera: Camera): Promise<FirstView | null> {
  const nowMs = bucketedNow(serverNow()).getTime();
  const device = await requestDeviceClass();
  const query = firstViewQuery(toSearch(params), defaultCamera, device, nowMs);
  if (!query) return null;
  try {
    // The same answer as the explorer's load of the same query string (its cache key, which carries this very
    // request): from the read model when it holds a copy, else live, within the first view's time budget.
    const page = await explorerView(query.request, query.zoom, AbortSignal.timeout(FIRST_VIEW_TIMEOUT_MS));
    return { view: query.view, params: query.params, nowMs, page, device };
  } catch (error) {
    console.error(`[first view] not drawn: ${error instanceof Error ? error.message : 'unexpected error'}`);
    return null;
  }
}
