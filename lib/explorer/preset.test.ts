import { describe, expect, it } from 'vitest';
import { clampToArea, constrainFilters, decodePreset, parseArea, presetFilters } from './preset';
import { activeFilterCount, DEFAULT_FILTERS } from './state';

const LYON = { west: 4.7, south: 45.7, east: 4.95, north: 45.82 };

describe('locked presets', () => {
  it('decodes the preset parameters, dropping invalid parts', () => {
    expect(decodePreset(new URLSearchParams('pcat=musique,nope&plive=1&parea=4.7,45.7,4.95,45.82'))).toEqual({
      categories: ['musique'],
      live: true,
      area: LYON,
    });
    expect(decodePreset(new URLSearchParams('pcat=nope&plive=yes&parea=lyon'))).toEqual({
      categories: null,
      live: false,
      area: null,
    });
  });

  it('parses an area only when it is a real box', () => {
    for (const bad of ['lyon', '1,2,3', '5,45,4,46', '-200,0,0,10', '1,,2,3']) expect(parseArea(bad)).toBeNull();
    expect(parseArea(' 4.7, 45.7,4.95,45.82')).toEqual(LYON);
  });

  it('keeps visitors inside the locked categories and live now', () => {
    const preset = { categories: ['musique', 'spectacle'] as const, live: true, area: null };
    const p = { ...preset, categories: [...preset.categories] };
    const chosen = constrainFilters({ ...DEFAULT_FILTERS, categories: ['expo', 'spectacle'], when: 'week' }, p);
    expect(chosen).toMatchObject({ categories: ['spectacle'], live: true, when: null });
    expect(constrainFilters({ ...DEFAULT_FILTERS, categories: ['expo'] }, p).categories).toEqual([
      'musique',
      'spectacle',
    ]);
  });

  it('"Clear filters" returns to the preset, and the preset itself counts as no filter', () => {
    const preset = { categories: ['musique' as const], live: true, area: null };
    const base = presetFilters(preset, 'cheapest');
    expect(base).toMatchObject({ categories: ['musique'], live: true, sort: 'cheapest', free: false });
    expect(activeFilterCount(base, base)).toBe(0);
    expect(activeFilterCount({ ...base, free: true, knownPrice: true }, base)).toBe(1);
  });

  it('cuts a view to the locked area', () => {
    expect(clampToArea({ west: 0, south: 40, east: 10, north: 50 }, LYON)).toEqual(LYON);
    expect(clampToArea({ west: 4.8, south: 45.75, east: 5, north: 46 }, LYON)).toEqual({
      west: 4.8,
      south: 45.75,
      east: 4.95,
      north: 45.82,
    });
    expect(clampToArea({ west: 10, south: 10, east: 11, north: 11 }, LYON)).toEqual(LYON);
  });
});
