// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, type Filters } from '@/lib/explorer/state';
import { FilterBar } from './filter-bar';

afterEach(cleanup);

function renderBar(filters: Partial<Filters> = {}, locale: 'en' | 'fr' = 'en') {
  const onChange = vi.fn();
  const onClear = vi.fn();
  render(
    <FilterBar filters={{ ...DEFAULT_FILTERS, ...filters }} locale={locale} onChange={onChange} onClear={onClear} />,
  );
  return { onChange, onClear, user: userEvent.setup() };
}

describe('FilterBar', () => {
  it('adds a category to the ones already chosen, in the catalogue order', async () => {
    const { onChange, user } = renderBar({ categories: ['spectacle'] });
    await user.click(screen.getByRole('button', { name: /Music/ }));
    expect(onChange).toHaveBeenCalledWith({ categories: ['musique', 'spectacle'] });
  });

  it('removes a chosen category and shows it pressed', async () => {
    const { onChange, user } = renderBar({ categories: ['musique', 'spectacle'] });
    const chip = screen.getByRole('button', { name: /Music/ });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    await user.click(chip);
    expect(onChange).toHaveBeenCalledWith({ categories: ['spectacle'] });
  });

  it('turns live now on and drops any date preset', async () => {
    const { onChange, user } = renderBar({ when: 'weekend' });
    await user.click(screen.getByRole('button', { name: 'Live now' }));
    expect(onChange).toHaveBeenCalledWith({ live: true, when: null, from: null, to: null });
  });

  it('disables the date preset while live now is on', () => {
    renderBar({ live: true });
    expect(screen.getByLabelText<HTMLSelectElement>('When').disabled).toBe(true);
  });

  it('opens custom dates on today and shows both day fields', async () => {
    const { onChange, user } = renderBar();
    await user.selectOptions(screen.getByLabelText('When'), 'custom');
    const patch = onChange.mock.calls[0]?.[0] as Partial<Filters>;
    expect(patch.when).toBe('custom');
    expect(patch.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(patch.to).toBe(patch.from);
    cleanup();
    renderBar({ when: 'custom', from: '2030-01-02', to: '2030-01-05' });
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2030-01-02');
    expect(screen.getByLabelText<HTMLInputElement>('To').min).toBe('2030-01-02');
  });

  it('"free only" also keeps to known prices; a ceiling from the URL is offered', async () => {
    const { onChange, user } = renderBar({ maxPrice: 42 });
    const price = screen.getByLabelText<HTMLSelectElement>('Price');
    expect(price.value).toBe('42');
    await user.selectOptions(price, 'free');
    expect(onChange).toHaveBeenCalledWith({ free: true, maxPrice: null, knownPrice: true });
  });

  it('offers "clear filters" only when a filter is set', async () => {
    renderBar();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    cleanup();
    const { onClear, user } = renderBar({ free: true });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('speaks French', () => {
    renderBar({}, 'fr');
    expect(screen.getByRole('button', { name: 'En ce moment' })).toBeTruthy();
    expect(screen.getByLabelText('Trier par')).toBeTruthy();
  });
});
