// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

// The API's rank order: the bar still lists events before performers.
const RESULTS = [
  { performer: { id: 5, name: 'Jazz Quartet', image: null, webImage: null, score: 3 } },
  { event: { id: 11, name: 'Jazz at the Cave', place: { id: 7, name: 'Le Caveau', address: { city: 'Lyon' } } } },
];

/** Answers `/api/search` with `body` (or a status), recording each asked query string. */
function stubSearch(answer: { status?: number; body?: unknown }) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(new URL(url, 'http://app.test').searchParams);
      const body = JSON.stringify(answer.body ?? {});
      const init = { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } };
      return Promise.resolve(new Response(body, init));
    }),
  );
  return asked;
}

function renderBox() {
  const onPlace = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SearchBox locale="en" center={{ lng: 4.835, lat: 45.76 }} onPlace={onPlace} />
    </QueryClientProvider>,
  );
  return { onPlace, user: userEvent.setup() };
}

/** Waits until the live status line says `text` (the debounce, then the answer). */
async function statusSays(text: string) {
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(text));
}

beforeEach(() => push.mockReset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchBox', () => {
  it('asks for one character more before searching', async () => {
    const asked = stubSearch({ body: [] });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'j');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await statusSays('Type at least two characters');
    expect(asked).toHaveLength(0);
  });

  it('searches once the typing stops, around the map centre, and groups the options', async () => {
    const asked = stubSearch({ body: RESULTS });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('2 results');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get('q')).toBe('jazz');
    expect(asked[0]?.get('lng')).toBe('4.835');
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.textContent?.split(/(?=[A-Z])/)[0])).toEqual(['Events', 'Performers']);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('Jazz at the Cave'),
      'Jazz Quartet',
    ]);
  });

  it('moves through the options with the arrows and opens the chosen one with Enter', async () => {
    stubSearch({ body: RESULTS });
    const { user } = renderBox();
    const input = screen.getByRole('combobox');
    await user.type(input, 'jazz');
    await statusSays('2 results');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toBe('Jazz Quartet');
    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith('/performers/5');
  });

  it('flies to a chosen place', async () => {
    stubSearch({
      body: [
        {
          place: {
            id: 'p1',
            name: 'Opéra de Lyon',
            address: '1 place de la Comédie',
            city: 'Lyon',
            lng: 4.836,
            lat: 45.767,
            averageGrade: null,
            totalGrades: 0,
            score: 5,
          },
        },
      ],
    });
    const { onPlace, user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'opera');
    await statusSays('1 result');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPlace).toHaveBeenCalledWith({ lng: 4.836, lat: 45.767 });
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Opéra de Lyon');
  });

  it('says so when nothing matches or the search fails, and Escape closes then clears', async () => {
    stubSearch({ body: [] });
    const { user } = renderBox();
    const input = screen.getByRole('combobox');
    await user.type(input, 'zzz');
    await statusSays('Nothing found for “zzz”');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(input).toHaveProperty('value', '');

    vi.unstubAllGlobals();
    stubSearch({ status: 503 });
    await user.type(input, 'rock');
    await statusSays('Search is unavailable right now');
  });
});
