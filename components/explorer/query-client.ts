import { QueryClient } from '@tanstack/react-query';

/** Builds a query client: short freshness for live event data, no retry storms on 4xx. */
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          // A 4xx will not get better by asking again.
          const status = (error as { status?: number } | null)?.status;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
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
