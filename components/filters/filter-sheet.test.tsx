// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, type Filters } from '@/lib/explorer/state';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { FilterSheet, showResultsLabel } from './filter-sheet';

afterEach(cleanup);

beforeAll(() => {
  // happy-dom's <dialog> may lack the modal methods; a minimal stand-in keeps `open` in step.
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  if (typeof proto.showModal !== 'function')
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  if (typeof proto.close !== 'function')
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
});

function renderSheet(props: { filters?: Partial<Filters>; count?: number | null; open?: boolean } = {}) {
  const onChange = vi.fn();
  const onClose = vi.fn();
  const onClear = vi.fn();
  const ui = (count: number | null) => (
    <FilterSheet
      open={props.open ?? true}
      onClose={onClose}
      filters={{ ...DEFAULT_FILTERS, ...props.filters }}
      locale="en"
      onChange={onChange}
      onClear={onClear}
      count={count}
    />
  );
  const view = render(ui(props.count === undefined ? 42 : props.count));
  return { onChange, onClose, onClear, rerender: (n: number | null) => view.rerender(ui(n)), user: userEvent.setup() };
}

describe('FilterSheet', () => {
  it('holds every filter: live now, when, price, known prices, sort and the categories', () => {
    renderSheet();
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('button', { name: 'Live now' })).toBeTruthy();
    expect(within(dialog).getByLabelText('When')).toBeTruthy();
    expect(within(dialog).getByLabelText('Price')).toBeTruthy();
    expect(within(dialog).getByLabelText('Known prices only')).toBeTruthy();
    expect(within(dialog).getByLabelText('Sort by')).toBeTruthy();
    expect(within(dialog).getByRole('toolbar', { name: 'Categories' })).toBeTruthy();
  });

  it('applies a change at once and shows the live count on its button', async () => {
    const { onChange, rerender, user } = renderSheet({ count: 42 });
    expect(screen.getByTestId('filter-sheet-apply').textContent).toBe('Show 42 results');
    await user.selectOptions(screen.getByLabelText('Price'), 'free');
    expect(onChange).toHaveBeenCalledWith({ free: true, maxPrice: null, knownPrice: true });
    rerender(null);
    expect(screen.getByTestId('filter-sheet-apply').textContent).toBe('Loading events…');
    rerender(1240);
    expect(screen.getByTestId('filter-sheet-apply').textContent).toBe('Show 1,240 results');
  });

  it('closes from its button, its close button and the backdrop', async () => {
    const { onClose, user } = renderSheet();
    await user.click(screen.getByTestId('filter-sheet-apply'));
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('words the count for none, one and many, in both languages', () => {
    const en = explorerMessages('en');
    const fr = explorerMessages('fr');
    expect(showResultsLabel(en, 'en', 0)).toBe('No results — change the filters');
    expect(showResultsLabel(en, 'en', 1)).toBe('Show 1 result');
    expect(showResultsLabel(fr, 'fr', 1240)).toBe('Voir 1\u202f240 résultats');
  });
});
