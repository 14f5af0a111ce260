import 'server-only';
import { z } from 'zod';
import {
  parseIsoInput,
  type TExplorerEventsPage,
  type TExplorerView,
  type TGetEventsRequest,
  type TGetEventsResponse,
} from '@/lib/contract';
import { serverNow } from '@/lib/clock/server-now';
import { toExplorerEvent } from '@/lib/explorer/explorer-event';
import { pageClusters } from '@/lib/explorer/page-clusters';
import { CACHE_POLICIES } from '@/lib/http/cache';
import { getPartner, partnerOperations } from '@/lib/partner';
import { getReadModel } from '@/lib/read-model/get-read-model';
import { parseEventsQuery } from './parse-events-params';
import { InputError, parseInput, pointer } from './query';
import { errorResponse, proxy } from './respond';
import { visitorLimitResponse } from './visitor-limit';

const decoder = new TextDecoder();

/** Rewrites an upstream events page (bytes, already validated when validation is on) as an explorer page. */
export function toExplorerPage(body: Uint8Array<ArrayBuffer>): string {
  const page = JSON.parse(decoder.decode(body)) as TGetEventsResponse;
  const slim: TExplorerEventsPage = { data: page.data.map(toExplorerEvent), pagination: page.pagination };
  return JSON.stringify(slim);
}

/** The map's zoom (MapLibre's 0–24): it sets how finely the view's matches are grouped. */
const ZZoomSchema = z.object({
  zoom: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(0).max(24)),
});

/**
 * A view from the Partner API asked live: the mirror is off or its copy still cold. Clusters group the page only;
 * `pagination.totalItems` still says how many match, so the UI says how many of how many it shows.
 */
async function liveView(body: TGetEventsRequest, zoom: number, signal: AbortSignal): Promise<TExplorerView> {
  const upstream = await getPartner().client.raw(partnerOperations.getEvents(body), signal);
  const page = JSON.parse(toExplorerPage(upstream.bytes)) as TExplorerEventsPage;
  return {
    data: page.data,
    pagination: page.pagination,
    clusters: pageClusters(page.data, zoom),
    categoryCounts: {},
    source: 'live',
    asOf: null,
    degraded: false,
  };
}

/**
 * The request with its window starting no earlier than `nowMs`: the explorer lists what is not over yet. Its windows
 * already start at "now", but the browser's is a five-minute bucket (a cache key) and a shared link may name past
 * days; an event that ended since then is no longer in the catalogue's copy — the spec's feed reports it passed, and
 * the copy drops it — while the Partner API would still list it for a window that starts before its end. Both sources
 * answer the same window, so the explorer's answer does not depend on which one gave it. A window wholly in the past
 * becomes the instant `nowMs` (what is on now), as the browser cuts its own.
 */
export function fromNowOn(body: TGetEventsRequest, nowMs: number): TGetEventsRequest {
  const dates = body.datesFilter;
  if (!dates || 'isLive' in dates || dates.minDate === undefined || parseIsoInput(dates.minDate) >= nowMs) return body;
  const minDate = new Date(nowMs).toISOString();
  const maxDate = dates.maxDate !== undefined && parseIsoInput(dates.maxDate) < nowMs ? minDate : dates.maxDate;
  return { ...body, datesFilter: { minDate, ...(maxDate !== undefined && { maxDate }) } };
}

/**
 * The view of a query (the explorer's and the home page's first view), from now on: from the read model when its copy
 * is complete, else live. A live failure with a copy at hand cannot happen (the copy answers first); without one it is
 * the caller's error.
 */
export async function explorerView(body: TGetEventsRequest, zoom: number, signal: AbortSignal): Promise<TExplorerView> {
  const now = serverNow();
  const upcoming = fromNowOn(body, now);
  const readModel = getReadModel();
  const view = readModel?.model.view({ body: upcoming, zoom, now });
  if (readModel && view) {
    return { ...view, source: 'mirror', asOf: readModel.asOf(), degraded: readModel.degraded() };
  }
  return liveView(upcoming, zoom, signal);
}

/** The query without `zoom`, and the zoom (undefined when absent). */
export function splitZoom(url: URL): { url: URL; zoom: number | undefined } {
  const raw = url.searchParams.getAll('zoom');
  if (raw.length === 0) return { url, zoom: undefined };
  if (raw.length > 1) throw new InputError([{ pointer: pointer('zoom'), detail: 'must be given once' }]);
  const { zoom } = parseInput(ZZoomSchema, { zoom: raw[0] });
  const rest = new URL(url);
  rest.searchParams.delete('zoom');
  return { url: rest, zoom };
}

/**
 * `GET /api/explorer/events`: the query of `GET /api/events`. With `zoom`, everything a view draws (TExplorerView):
 * from the web app's read model of the catalogue when it holds a complete copy (exact clusters and chip counts over
 * every match, no call upstream), else from the Partner API live. Without `zoom` (the previous clients), one page of
 * explorer events proxied from the Partner API.
 */
export async function listExplorerEvents(request: Request): Promise<Response> {
  try {
    const { url, zoom } = splitZoom(new URL(request.url));
    if (zoom === undefined) {
      const body = fromNowOn(parseEventsQuery(url, 'list'), serverNow());
      return proxy(request, 'events', () => partnerOperations.getEvents(body), toExplorerPage);
    }
    const limited = visitorLimitResponse(request);
    if (limited) return limited;
    const view = await explorerView(parseEventsQuery(url, 'list'), zoom, request.signal);
    return new Response(JSON.stringify(view), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        // A copy that may be minutes old is not cached further: the next answer may be fresh.
        'Cache-Control': view.degraded ? 'no-store' : CACHE_POLICIES.events,
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
