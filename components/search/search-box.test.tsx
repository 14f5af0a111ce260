// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, type QueryClientConfig } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zoomForPopulation } from '@/lib/gazetteer/zoom';
import { SearchBox } from './search-box';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const jazzEvent = (id: number, startDate: string, place = { id: 7, name: 'Le Caveau' }) => ({
  event: {
    id,
    name: 'Jazz at the Cave',
    startDate,
    endDate: startDate.replace(/ \d\d:/, ' 23:'),
    squareImage: null,
    image: null,
    categories: [
      { id: 1, name: 'jazz', mainCategory: 'musique', traductionFR: 'Jazz', traductionEN: 'Jazz', icon: '' },
    ],
    place: { ...place, address: { city: 'Lyon' } },
  },
});

// The API's rank order: the bar still lists events before performers.
const RESULTS = [
  { performer: { id: 5, name: 'Jazz Quartet', image: null, webImage: null, score: 3 } },
  jazzEvent(11, '2026-12-05 20:30:00.000 +0100'),
];

const LYON = { id: 3, name: 'Lyon', country: 'FR', region: 'Rhône', lng: 4.8467, lat: 45.7485, population: 472_317 };
const BORDEAUX = {
  id: 9,
  name: 'Bordeaux',
  country: 'FR',
  region: 'Gironde',
  lng: -0.5792,
  lat: 44.8378,
  population: 231_844,
};

/** Answers `/api/search` and `/api/towns` (or fails one with a status), recording each request's path and query. */
function stubApi(answer: { search?: unknown; towns?: unknown; searchStatus?: number }) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const u = new URL(url, 'http://app.test');
      asked.push(u);
      const towns = u.pathname === '/api/towns';
      const body = JSON.stringify(towns ? (answer.towns ?? []) : (answer.search ?? []));
      const status = towns ? 200 : (answer.searchStatus ?? 200);
      return Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return asked;
}

function renderBox(
  retries: Pick<QueryClientConfig['defaultOptions'] & object, 'queries'> = {
    queries: { retry: false },
  },
) {
  const onPlace = vi.fn();
  const onSearchAll = vi.fn();
  const client = new QueryClient({ defaultOptions: retries });
  render(
    <QueryClientProvider client={client}>
      <SearchBox locale="en" center={{ lng: 4.835, lat: 45.76 }} onPlace={onPlace} onSearchAll={onSearchAll} />
    </QueryClientProvider>,
  );
  return { onPlace, onSearchAll, user: userEvent.setup() };
}

/** Waits until the live status line says `text` (the debounce, then the answer). */
async function statusSays(text: string) {
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(text));
}

const optionTexts = () => screen.getAllByRole('option').map((o) => o.textContent);
const groupNames = () =>
  screen.getAllByRole('group').map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent);
const activeText = () =>
  document.getElementById(screen.getByRole('combobox').getAttribute('aria-activedescendant') ?? '')?.textContent;

beforeEach(() => push.mockReset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchBox', () => {
  it('asks for one character more before searching', async () => {
    const asked = stubApi({});
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'j');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await statusSays('Type at least two characters');
    expect(asked).toHaveLength(0);
  });

  it.each([
    ['🎉🎉🎉', 'Type letters or numbers to search'],
    ['?!…', 'Type letters or numbers to search'],
    ['a'.repeat(201), 'That is too long to search: 200 characters at most'],
  ])('says why %s is not searched, and asks nothing', async (text, message) => {
    const asked = stubApi({});
    const { user, onSearchAll } = renderBox();
    const input = screen.getByRole('combobox');
    await user.click(input);
    await user.paste(text);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await statusSays(message);
    await user.keyboard('{Enter}');
    expect(onSearchAll).not.toHaveBeenCalled();
    expect(asked).toHaveLength(0);
  });

  it('asks the API and the towns once the typing stops, and says what the count is', async () => {
    const asked = stubApi({ search: RESULTS, towns: [] });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('2 best matches');
    const search = asked.find((u) => u.pathname === '/api/search');
    expect(search?.searchParams.get('q')).toBe('jazz');
    expect(search?.searchParams.get('lng')).toBe('4.835');
    expect(asked.filter((u) => u.pathname === '/api/towns').map((u) => u.searchParams.get('q'))).toEqual(['jazz']);
    expect(asked).toHaveLength(2);
    expect(groupNames()).toEqual(['Events', 'Performers']);
  });

  it('shows an event with its date, venue, town and category', async () => {
    stubApi({ search: RESULTS });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('2 best matches');
    const [event] = optionTexts();
    expect(event).toContain('Jazz at the Cave');
    expect(event).toContain('Sat 5 Dec, 20:30');
    expect(event).toContain('🎵 Music · Le Caveau · Lyon');
  });

  it('folds the dates of a recurring event into one option that opens the soonest', async () => {
    stubApi({
      search: [
        jazzEvent(21, '2026-12-09 20:30:00.000 +0100'),
        jazzEvent(20, '2026-12-08 20:30:00.000 +0100'),
        jazzEvent(22, '2026-12-10 20:30:00.000 +0100'),
        jazzEvent(30, '2026-12-08 20:30:00.000 +0100', { id: 8, name: 'Elsewhere' }),
      ],
    });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('2 best matches');
    const texts = optionTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('3 dates · next Tue 8 Dec, 20:30');
    expect(texts[1]).not.toContain('dates');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(push).toHaveBeenCalledWith('/events/20');
  });

  it('puts towns first when the text is a town name, and flies to the chosen one at a city zoom', async () => {
    stubApi({ search: RESULTS, towns: [LYON] });
    const { user, onPlace } = renderBox();
    await user.type(screen.getByRole('combobox'), 'lyon');
    await statusSays('1 town and 2 best matches');
    expect(groupNames()).toEqual(['Towns', 'Events', 'Performers']);
    expect(optionTexts()[0]).toBe('Lyon, townRhône · France');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPlace).toHaveBeenCalledWith({ lng: 4.8467, lat: 45.7485, zoom: expect.closeTo(11.25, 1) as number });
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Lyon');
  });

  it('lists towns after the matches when the text only starts a town name', async () => {
    stubApi({ search: RESULTS, towns: [BORDEAUX] });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'bord');
    await statusSays('1 town and 2 best matches');
    expect(groupNames()).toEqual(['Events', 'Performers', 'Towns']);
  });

  it('moves across groups with the arrows, wrapping, and Home/End return to the text', async () => {
    stubApi({ search: RESULTS, towns: [LYON] });
    const { user } = renderBox();
    const input = screen.getByRole('combobox');
    await user.type(input, 'lyon');
    await statusSays('1 town and 2 best matches');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toContain('Lyon');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeText()).toBe('JJazz Quartet, performer');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toContain('Lyon');
    await user.keyboard('{ArrowUp}');
    expect(activeText()).toBe('JJazz Quartet, performer');
    await user.keyboard('{Home}');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{ArrowUp}{End}');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('opens the chosen performer with Enter', async () => {
    stubApi({ search: RESULTS });
    const { user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('2 best matches');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(push).toHaveBeenCalledWith('/performers/5');
  });

  it('opens the results view with Enter when no option is highlighted, or with "See all results"', async () => {
    stubApi({ search: RESULTS });
    const { user, onSearchAll } = renderBox();
    const input = screen.getByRole('combobox');
    await user.type(input, ' concert ');
    await user.keyboard('{Enter}');
    expect(onSearchAll).toHaveBeenLastCalledWith('concert');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.clear(input);
    await user.type(input, 'concerts');
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'See all results' }) });
    expect(onSearchAll).toHaveBeenLastCalledWith('concerts');
  });

  it('takes the first town with Enter when the text finds no event, rather than an empty results view', async () => {
    stubApi({ towns: [BORDEAUX] });
    const { onPlace, onSearchAll, user } = renderBox();
    const input = screen.getByRole<HTMLInputElement>('combobox');
    await user.type(input, 'bordeaux');
    await statusSays('1 town');
    await user.keyboard('{Enter}');
    expect(onSearchAll).not.toHaveBeenCalled();
    expect(onPlace).toHaveBeenCalledWith({ lng: -0.5792, lat: 44.8378, zoom: zoomForPopulation(BORDEAUX.population) });
    expect(input.value).toBe('Bordeaux');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps Enter for the results view once the text finds events, even with a town among them', async () => {
    stubApi({ search: RESULTS, towns: [LYON] });
    const { onPlace, onSearchAll, user } = renderBox();
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('1 town and 2 best matches');
    await user.keyboard('{Enter}');
    expect(onSearchAll).toHaveBeenLastCalledWith('jazz');
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('flies to a chosen venue at street level', async () => {
    stubApi({
      search: [
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
    await statusSays('1 best match');
    expect(optionTexts()).toEqual(['Opéra de Lyon, placeLyon']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPlace).toHaveBeenCalledWith({ lng: 4.836, lat: 45.767, zoom: 15 });
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Opéra de Lyon');
  });

  it('says so when nothing matches or the search fails, and Escape closes then clears', async () => {
    stubApi({});
    const { user } = renderBox();
    const input = screen.getByRole('combobox');
    await user.type(input, 'zzz');
    await statusSays('Nothing found for “zzz”');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(input).toHaveProperty('value', '');

    vi.unstubAllGlobals();
    stubApi({ searchStatus: 503 });
    await user.type(input, 'rock');
    await statusSays('Search is unavailable right now');
  });

  it('says search is unavailable at the first failure while it retries, and shows the answer when one comes', async () => {
    // As the app's query client does: retries with a backoff (here long enough to read the status in between).
    const asked = stubApi({ searchStatus: 503 });
    const { user } = renderBox({ queries: { retry: 1, retryDelay: 1500 } });
    await user.type(screen.getByRole('combobox'), 'jazz');
    await statusSays('Search is unavailable right now');
    expect(asked.filter((u) => u.pathname === '/api/search')).toHaveLength(1);
    vi.unstubAllGlobals();
    stubApi({ search: RESULTS, towns: [] });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 best matches'), { timeout: 4000 });
  });
});
