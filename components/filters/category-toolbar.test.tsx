// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { CategoryToolbar } from './category-toolbar';
import { nextToolbarIndex } from './roving-toolbar';

afterEach(cleanup);

function renderToolbar(selected: TMainCategory[] = []) {
  const onChange = vi.fn();
  render(<CategoryToolbar selected={selected} locale="en" t={explorerMessages('en')} onChange={onChange} />);
  const chips = () => screen.getAllByRole('button').filter((b) => b.dataset.category);
  return { onChange, chips, user: userEvent.setup() };
}

describe('CategoryToolbar', () => {
  it('is one Tab stop: only one chip is in the tab order', () => {
    const { chips } = renderToolbar();
    expect(screen.getByRole('toolbar', { name: 'Categories' })).toBeTruthy();
    expect(chips().filter((c) => c.tabIndex === 0)).toHaveLength(1);
    expect(chips()[0]?.tabIndex).toBe(0);
  });

  it('starts on the first active chip, so Tab lands where the choice is', () => {
    const { chips } = renderToolbar(['sciences']);
    const current = chips().find((c) => c.tabIndex === 0);
    expect(current?.dataset.category).toBe('sciences');
  });

  it('moves between chips with the arrow keys, Home and End, wrapping at the ends', async () => {
    const { chips, user } = renderToolbar();
    chips()[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(chips()[1]);
    expect(chips()[1]!.tabIndex).toBe(0);
    expect(chips()[0]!.tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(chips()[MAIN_CATEGORIES.length - 1]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(chips()[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(chips()[MAIN_CATEGORIES.length - 1]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(chips()[0]);
  });

  it('lists the chips in the alphabetical order of their English labels', () => {
    const { chips } = renderToolbar();
    const labels = chips().map((c) => c.textContent?.replace(/^\P{L}+/u, '') ?? '');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(chips()[0]?.dataset.category).not.toBe(MAIN_CATEGORIES[0]);
  });

  it('toggles the focused chip with Space, keeping the selection in the catalogue order', async () => {
    const { chips, onChange, user } = renderToolbar(['spectacle']);
    const first = chips()[0]!;
    first.focus();
    await user.keyboard(' ');
    const chosen = [first.dataset.category as TMainCategory, 'spectacle'];
    expect(onChange).toHaveBeenCalledWith(MAIN_CATEGORIES.filter((c) => chosen.includes(c)));
  });

  it("shows each chip's count, named with its label first in English and French; a chip at 0 stays usable", async () => {
    const values = Object.fromEntries(MAIN_CATEGORIES.map((c) => [c, 0])) as Record<TMainCategory, number>;
    values.musique = 1259;
    values.sport = 1;
    const onChange = vi.fn();
    const { rerender } = render(
      <CategoryToolbar
        selected={[]}
        locale="en"
        t={explorerMessages('en')}
        counts={{ values, stale: false }}
        onChange={onChange}
      />,
    );
    const music = screen.getByRole('button', { name: 'Music, 1,259 events' });
    expect(music.textContent).toMatch(/Music1,259$/);
    expect(screen.getByRole('button', { name: 'Sport, 1 event' })).toBeTruthy();
    const empty = screen.getByRole('button', { name: 'Cinema, 0 events' });
    expect(empty.hasAttribute('disabled')).toBe(false);
    await userEvent.setup().click(empty);
    expect(onChange).toHaveBeenCalledWith(['cinema']);

    rerender(
      <CategoryToolbar
        selected={[]}
        locale="fr"
        t={explorerMessages('fr')}
        counts={{ values, stale: false }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('button', { name: /^Musique, 1\s259 événements$/u })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sport, 1 événement' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cinéma, 0 événement' })).toBeTruthy();
  });

  it('shows no counts when it has none (a live answer, a search)', () => {
    render(
      <CategoryToolbar
        selected={[]}
        locale="en"
        t={explorerMessages('en')}
        counts={{ values: null, stale: false }}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Music' }).textContent).toMatch(/Music$/);
    expect(screen.queryByTestId('chip-count')).toBeNull();
  });

  it('knows the toolbar keys and nothing else', () => {
    expect(nextToolbarIndex('ArrowDown', 2, 5)).toBe(3);
    expect(nextToolbarIndex('ArrowUp', 0, 5)).toBe(4);
    expect(nextToolbarIndex('Enter', 2, 5)).toBeNull();
    expect(nextToolbarIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
