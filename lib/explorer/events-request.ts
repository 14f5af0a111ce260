import 'client-only';
import type { TExplorerEvent, TExplorerView } from '@/lib/contract';

export { bucketedNow, eventsSearchParams, viewSearchParams, VIEWPORT_LIMIT } from './events-params';

/** The explorer's own events route: a view's query, answered with what the list, the map and the chips draw. */
export const EXPLORER_EVENTS_PATH = '/api/explorer/events';

/** An HTTP failure of the web app's own API, with the status for retry decisions. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Requests started before the explorer hydrated, by query string. The first `fetchEvents` takes the one it matches and
 * drops the others, so a response never serves a later query (it would be as old as the page).
 */
const early = new Map<string, Promise<TExplorerView>>();

/**
 * Starts loading a viewport page now, for a `fetchEvents` with the same parameters to pick up later: the first page is
 * requested while React is still hydrating, instead of after it (the explorer's effects run late on a busy thread).
 */
export function prefetchEvents(params: URLSearchParams): void {
  const key = params.toString();
  if (early.has(key)) return;
  const request = requestEvents(params);
  // An unclaimed failure must not surface as an unhandled rejection; the claimer still sees it.
  request.catch(() => {});
  early.set(key, request);
}

/** Fetches one viewport page; the signal cancels it when the viewport moves on. */
export async function fetchEvents(params: URLSearchParams, signal?: AbortSignal): Promise<TExplorerView> {
  const key = params.toString();
  const started = early.get(key);
  early.clear();
  return started ?? requestEvents(params, signal);
}

async function requestEvents(params: URLSearchParams, signal?: AbortSignal): Promise<TExplorerView> {
  const res = await fetch(`${EXPLORER_EVENTS_PATH}?${params.toString()}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!res.ok) {
    let detail = `HTTP ${res.status}`;
    try {
      const problem = (await res.json()) as { title?: string; detail?: string };
      detail = problem.detail ?? problem.title ?? detail;
    } catch {
      // not problem+json: keep the status line
    }
    throw new ApiError(res.status, detail);
  }
  return (await res.json()) as TExplorerView;
}

/** The position drawn for an event (the server chose it: its map place, else its place's address). */
export function eventPosition(event: TExplorerEvent): [number, number] | null {
  return event.position ?? null;
}
