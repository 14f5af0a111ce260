'use client';

import { useMemo } from 'react';
import { presetFilters, type Preset } from '@/lib/explorer/preset';
import { activeFilterCount, type Filters } from '@/lib/explorer/state';

/**
 * "Clear filters" and the ways out of an empty result, inside the partner's locked preset: clearing returns to the
 * preset (not to everything), and "later dates" is offered only when the dates are the visitor's to change.
 */
export function usePresetFilters(filters: Filters, preset: Preset, setFilters: (patch: Partial<Filters>) => void) {
  const base = useMemo(() => presetFilters(preset, filters.sort), [preset, filters.sort]);
  const active = activeFilterCount(filters, base) > 0;
  const clear = () => setFilters(base);
  const datesNarrowed = filters.when !== null || (filters.live && !preset.live);
  const laterDates = datesNarrowed ? () => setFilters({ live: false, when: null, from: null, to: null }) : null;
  return { active, clear, onClearFilters: active ? clear : null, onLaterDates: laterDates };
}
