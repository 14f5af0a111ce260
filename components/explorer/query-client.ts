import { QueryClient, type Query, type UseQueryResult } from '@tanstack/react-query';

/** Waits between attempts after a failure: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failureCount - 1), 30_000);
}

function isClientError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * Whether a person should be told a query failed: its last answer was a failure, or a first attempt failed and it has
 * nothing to show while it retries with backoff (1, 2, 4 s: seven seconds of "loading" while the service is down). An
 * answer that comes replaces the message.
 */
export function failedSoFar(query: Pick<UseQueryResult, 'isError' | 'failureCount' | 'data'>): boolean {
  return query.isError || (query.failureCount > 0 && query.data === undefined);
}

/** How often a failed query asks again once its own retries are spent (each attempt retries with backoff again). */
export const RECOVERY_INTERVAL_MS = 10_000;

/** An answer the web app made from its copy of the catalogue while the Partner API failed (`degraded: true`). */
function fromCopyWhileDown(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { degraded?: unknown }).degraded === true;
}

/**
 * While a query's last answer is a failure the service may come back at any time: it keeps asking, so the list and
 * search recover on their own (no "Retry" click). So does an answer from the copy while the service is down: once the
 * copy is in step again, the next answer drops the "may be a few minutes old" notice without the visitor moving the
 * map. A 4xx will not get better and is left alone.
 */
export function recoveryInterval(query: Pick<Query, 'state'>): number | false {
  const { status, error, data } = query.state;
  if (status === 'success') return fromCopyWhileDown(data) ? RECOVERY_INTERVAL_MS : false;
  if (status !== 'error' || isClientError(error)) return false;
  return RECOVERY_INTERVAL_MS;
}

/**
 * Builds a query client: short freshness for live event data, retries with exponential backoff on 5xx and network
 * failures (never on 4xx), and a refetch when the browser comes back online or the tab gets the focus again.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchInterval: recoveryInterval,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
        retryDelay: backoffDelay,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The query client: one per browser session, so results survive leaving the explorer and coming back; on the server
 * a new one per render, never shared between requests.
 */
export function browserQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}
