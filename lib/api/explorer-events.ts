import 'server-only';
import type { TExplorerEventsPage, TGetEventsResponse } from '@/lib/contract';
import { toExplorerEvent } from '@/lib/explorer/explorer-event';
import { partnerOperations } from '@/lib/partner';
import { parseEventsQuery } from './parse-events-params';
import { proxy } from './respond';

const decoder = new TextDecoder();

/** Rewrites an upstream events page (bytes, already validated when validation is on) as an explorer page. */
export function toExplorerPage(body: Uint8Array<ArrayBuffer>): string {
  const page = JSON.parse(decoder.decode(body)) as TGetEventsResponse;
  const slim: TExplorerEventsPage = { data: page.data.map(toExplorerEvent), pagination: page.pagination };
  return JSON.stringify(slim);
}

/**
 * `GET /api/explorer/events`: the query of `GET /api/events`, answered with what the explorer's cards and map points
 * draw (`TExplorerEvent`) — a fraction of the full events' bytes on every pan. `/api/events` keeps the full shape.
 */
export function listExplorerEvents(request: Request): Promise<Response> {
  return proxy(
    request,
    'events',
    () => partnerOperations.getEvents(parseEventsQuery(new URL(request.url), 'list')),
    toExplorerPage,
  );
}
