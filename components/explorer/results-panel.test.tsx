// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TExplorerEvent } from '@/lib/contract';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { fakeExplorerEvent } from '@/test/web/fixtures';
import { ResultsPanel, type ResultsPanelProps } from './results-panel';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
afterEach(cleanup);

const NOW = Date.parse('2026-11-22T12:00:00Z');
const events = (n: number): TExplorerEvent[] =>
  Array.from({ length: n }, (_, i) => fakeExplorerEvent(i + 1, { name: `Show ${i + 1}` }));

function renderPanel(props: Partial<ResultsPanelProps> = {}) {
  const all: ResultsPanelProps = {
    locale: 'en',
    t: explorerMessages(props.locale ?? 'en'),
    mode: 'map',
    events: [],
    total: 0,
    nowMs: NOW,
    selected: null,
    onHover: vi.fn(),
    loading: { first: false, updating: false, fetching: false },
    error: { failed: false, retry: vi.fn() },
    answered: true,
    notice: null,
    onZoomOut: vi.fn(),
    onClearFilters: null,
    sheet: { snap: 'half', onSnap: vi.fn() },
    ...props,
    groups: props.groups ?? { upcoming: [...(props.events ?? [])], running: [] },
  };
  render(<ResultsPanel {...all} />);
  return { props: all, user: userEvent.setup() };
}

describe('ResultsPanel', () => {
  it('shows skeletons and says it is loading before the first answer', () => {
    renderPanel({ answered: false, loading: { first: true, updating: false, fetching: true } });
    expect(screen.getByRole('status').textContent).toBe('Loading events…');
    expect(screen.queryByRole('list', { name: 'Events' })).toBeNull();
    // Six placeholder cards, hidden from assistive technology.
    expect(
      screen.getByRole('complementary', { name: 'Results' }).querySelectorAll('ul[aria-hidden="true"] > li'),
    ).toHaveLength(6);
  });

  it('counts the events it lists; a live answer (one page) says how many of how many it shows', () => {
    renderPanel({ events: events(3), total: 3 });
    expect(screen.getByRole('status').textContent).toBe('3 events here');
    const list = screen.getByRole('list', { name: 'Events' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/events/1', '/events/2', '/events/3']);
    cleanup();
    renderPanel({ events: events(2), total: 1240, source: 'live' });
    expect(screen.getByRole('status').textContent).toBe(
      '1,240 events here — zoom in or filter to see them all (showing 2).',
    );
    cleanup();
    // The read model's answer is exact: the count is every match, the list its first page.
    renderPanel({ events: events(2), total: 1240, source: 'mirror' });
    expect(screen.getByRole('status').textContent).toBe('1,240 events here');
  });

  it('lists every event a search returned, says "at least" while the search may find more, and asks for more', async () => {
    const more = vi.fn();
    const search = {
      q: 'concert',
      refused: null,
      matched: 120,
      partial: true,
      more,
      loadingMore: false,
      onClose: vi.fn(),
    };
    const { user } = renderPanel({ events: events(120), total: 120, search });
    expect(within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem')).toHaveLength(120);
    expect(screen.getByTestId('results-summary').textContent).toBe('At least 120 matching events');
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(more).toHaveBeenCalledOnce();
    cleanup();
    // As long as the view lists: no button, a way to narrow the search instead.
    renderPanel({ events: events(3), total: 3, search: { ...search, matched: 3, more: null } });
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
    expect(screen.getByText(/Add a word to narrow the search/)).toBeTruthy();
    cleanup();
    // The search found all there is: an exact count, nothing more to ask.
    renderPanel({ events: events(3), total: 3, search: { ...search, matched: 3, partial: false, more: null } });
    expect(screen.getByTestId('results-summary').textContent).toBe('3 matching events');
    expect(screen.queryByText(/narrow the search/)).toBeNull();
  });

  it('says quietly that the data may be old when the read model answers for a failing service', () => {
    renderPanel({ events: events(2), total: 2, degraded: true });
    expect(screen.getByTestId('degraded-notice').textContent).toMatch(/may be a few minutes old/);
  });

  it('dims the cards and is busy while a new answer is on its way', () => {
    renderPanel({ events: events(2), total: 2, stale: true });
    const panel = screen.getByRole('complementary');
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(panel.hasAttribute('data-stale')).toBe(true);
  });

  it('renders 12 cards at first, the rest of the first 50 on "show more", then 50 at a time', async () => {
    const { user } = renderPanel({ events: events(120), total: 120 });
    const list = screen.getByRole('list', { name: 'Events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Show more (108)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more (70)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
  });

  it('adds the next cards when the focus reaches the last ones (Tab through the list)', () => {
    renderPanel({ events: events(40), total: 40 });
    const list = screen.getByRole('list', { name: 'Events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    fireEvent.focusIn(within(list).getByRole('link', { name: 'Show 10' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
  });

  it('Back from an event page renders the card opened, past the first cards, and focuses it', () => {
    sessionStorage.setItem(
      'eventmap:list-return',
      JSON.stringify({ search: window.location.search, id: 30, scrollTop: 0 }),
    );
    renderPanel({ events: events(40), total: 40, scroller: createRef<HTMLElement>() });
    const link = document.querySelector('#event-card-30 a');
    expect(link).not.toBeNull();
    expect(document.activeElement).toBe(link);
    expect(sessionStorage.getItem('eventmap:list-return')).toBeNull();
  });

  it('renders the card of an event chosen on the map even past the first page', () => {
    renderPanel({ events: events(80), total: 80, selected: 75 });
    expect(document.getElementById('event-card-75')?.dataset.selected).toBe('true');
  });

  it('offers a retry when the first load fails', async () => {
    const { props, user } = renderPanel({ answered: false, error: { failed: true, retry: vi.fn() } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Events could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(props.error.retry).toHaveBeenCalledOnce();
  });

  it('keeps the previous answer on screen when a later load fails, and says it is trying again', () => {
    renderPanel({ events: events(2), total: 2, error: { failed: true, retry: vi.fn() } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Connection lost — trying again…');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('gives ways out of an empty area: zoom out, and clear filters when any is set', async () => {
    const onClearFilters = vi.fn();
    const { props, user } = renderPanel({ onClearFilters });
    expect(screen.getByText('Nothing on here — widen the dates or zoom out.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(props.onZoomOut).toHaveBeenCalledOnce();
    expect(onClearFilters).toHaveBeenCalledOnce();
    cleanup();
    renderPanel({ onZoomOut: null });
    expect(screen.queryByRole('button', { name: 'Zoom out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('lists what starts soon first, then what was already running under its own label', () => {
    const [a, b, c] = events(3) as [TExplorerEvent, TExplorerEvent, TExplorerEvent];
    renderPanel({ events: [a, b, c], total: 3, groups: { upcoming: [b, c], running: [a] } });
    const items = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.eventId)).toEqual(['2', '3', '1']);
    expect(items[2]?.dataset.groupStart).toBe('Already running');
    expect(items[0]?.dataset.groupStart).toBeUndefined();
  });

  it('has the sheet handle name where the sheet is, and moves it with the arrow keys', async () => {
    const onSnap = vi.fn();
    const { user } = renderPanel({ events: events(1), total: 1, sheet: { snap: 'half', onSnap } });
    const handle = screen.getByRole('button', { name: 'Resize the list — List: half screen' });
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect(onSnap).toHaveBeenLastCalledWith('full');
    await user.keyboard('{ArrowDown}');
    expect(onSnap).toHaveBeenLastCalledWith('peek');
  });

  it('explains a list without a map, in French too', () => {
    renderPanel({ locale: 'fr', mode: 'no-webgl', events: events(1), total: 1 });
    expect(screen.getByRole('note').textContent).toContain('La carte ne peut pas s’afficher');
    expect(screen.getByRole('status').textContent).toBe('1 événement ici');
  });
});
