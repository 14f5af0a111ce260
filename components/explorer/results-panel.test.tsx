// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEvent } from '@/lib/contract';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { fakeEvent } from '@/test/web/fixtures';
import { ResultsPanel, type ResultsPanelProps } from './results-panel';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
afterEach(cleanup);

const NOW = Date.parse('2026-11-22T12:00:00Z');
const events = (n: number): TEvent[] =>
  Array.from({ length: n }, (_, i) => fakeEvent(i + 1, { name: `Show ${i + 1}` }));

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
    sheet: { open: false, toggle: vi.fn() },
    ...props,
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
      screen.getByRole('region', { name: 'Results' }).querySelectorAll('ul[aria-hidden="true"] > li'),
    ).toHaveLength(6);
  });

  it('counts the events it lists, and says when there are more than it shows', () => {
    renderPanel({ events: events(3), total: 3 });
    expect(screen.getByRole('status').textContent).toBe('3 events here');
    const list = screen.getByRole('list', { name: 'Events' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/events/1', '/events/2', '/events/3']);
    cleanup();
    renderPanel({ events: events(2), total: 1240 });
    expect(screen.getByRole('status').textContent).toBe(
      '1,240 events here — zoom in or filter to see them all (showing 2).',
    );
  });

  it('lists 50 cards at a time, with the rest behind "show more"', async () => {
    const { user } = renderPanel({ events: events(120), total: 120 });
    const list = screen.getByRole('list', { name: 'Events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more (70)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
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

  it('keeps the previous answer on screen when a later load fails, without a count', () => {
    renderPanel({ events: events(2), total: 2, error: { failed: true, retry: vi.fn() } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
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

  it('explains a list without a map, in French too', () => {
    renderPanel({ locale: 'fr', mode: 'no-webgl', events: events(1), total: 1 });
    expect(screen.getByRole('note').textContent).toContain('La carte ne peut pas s’afficher');
    expect(screen.getByRole('status').textContent).toBe('1 événement ici');
  });
});
