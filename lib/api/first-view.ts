import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { headers } from 'next/headers';
import type { TExplorerEventsPage } from '@/lib/contract';
import { bucketedNow } from '@/lib/explorer/events-params';
import { firstViewQuery, type DeviceClass, type FirstView } from '@/lib/explorer/first-view';
import type { Camera } from '@/lib/explorer/state';
import { getPartner, partnerOperations } from '@/lib/partner';
import { toExplorerPage } from './explorer-events';
import { parseEventsQuery } from './parse-events-params';

/**
 * How long the home page waits for its first view's events. Past it the page is sent without them and the browser
 * loads them itself (skeleton cards, as before): a slow service must not hold the whole page back.
 */
const FIRST_VIEW_TIMEOUT_MS = 1500;

/** Phones by the client hint Chromium sends on every request, else by the user agent. */
async function deviceClass(): Promise<DeviceClass> {
  const h = await headers();
  const hint = h.get('sec-ch-ua-mobile');
  if (hint !== null) return hint === '?1' ? 'phone' : 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(h.get('user-agent') ?? '') ? 'phone' : 'desktop';
}

/**
 * The home page's first view with its events (lib/explorer/first-view.ts), or null when it is not drawn by the server
 * or the service did not answer in time (the server log says why; the browser then loads the view itself).
 */
export async function loadFirstView(search: URLSearchParams, defaultCamera: Camera): Promise<FirstView | null> {
  const nowMs = bucketedNow(serverNow()).getTime();
  const device = await deviceClass();
  const query = firstViewQuery(search, defaultCamera, device, nowMs);
  if (!query) return null;
  try {
    const request = parseEventsQuery(new URL(`http://first-view/?${query.params}`), 'list');
    const upstream = await getPartner().client.raw(
      partnerOperations.getEvents(request),
      AbortSignal.timeout(FIRST_VIEW_TIMEOUT_MS),
    );
    const page = JSON.parse(toExplorerPage(upstream.bytes)) as TExplorerEventsPage;
    return { ...query, nowMs, page, device };
  } catch (error) {
    console.error(`[home] first view not drawn: ${error instanceof Error ? error.message : 'unexpected error'}`);
    return null;
  }
}
