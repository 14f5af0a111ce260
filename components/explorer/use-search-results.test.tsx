// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '@/lib/explorer/state';
import { useSearchResults } from './use-search-results';

const JAZZ = {
  event: {
    id: 11,
    name: 'Jazz at the Cave',
    startDate: '2099-12-05 20:30:00.000 +0100',
    endDate: '2099-12-05 23:30:00.000 +0100',
    squareImage: null,
    image: null,
    categories: [
      { id: 1, name: 'jazz', mainCategory: 'musique', traductionFR: 'Jazz', traductionEN: 'Jazz', icon: '' },
    ],
    place: { id: 7, name: 'Le Caveau', address: { city: 'Lyon' } },
  },
};

/** `/api/search` answers with `status` (and the one event when 200). */
function answerSearch(status: number) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(status === 200 ? [JAZZ] : { title: 'Unavailable', status }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('useSearchResults', () => {
  it('says the search failed at its first failed attempt while it retries, and lists the answer when one comes', async () => {
    const failed = answerSearch(503);
    // As the app's query client does: a retry after a backoff, here long enough to read the state in between.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 1500 } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSearchResults('jazz', DEFAULT_FILTERS), { wrapper });
    expect(result.current.firstLoad).toBe(true);
    await waitFor(() => expect(result.current.failing).toBe(true));
    expect(result.current.firstLoad).toBe(false);
    expect(failed).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    answerSearch(200);
    await waitFor(() => expect(result.current.events.map((event) => event.id)).toEqual([11]), { timeout: 4000 });
    expect(result.current.failing).toBe(false);
  });
});
