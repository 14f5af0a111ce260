import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filtersArb } from '@/lib/shared/testing/filters-arbitrary';
import { DEFAULT_EXPLORER_FILTERS, ZExplorerFiltersSchema } from './filters';

const paths = (filters: Record<string, unknown>) => {
  const parsed = ZExplorerFiltersSchema.safeParse({ ...DEFAULT_EXPLORER_FILTERS, ...filters });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('ZExplorerFiltersSchema', () => {
  it('accepts no filter and every combination the product can hold', () => {
    expect(paths({})).toEqual([]);
    fc.assert(
      fc.property(filtersArb(Date.UTC(2026, 5, 17)), (filters) => {
        expect(paths(filters)).toEqual([]);
      }),
    );
  });

  it('names the member that breaks a rule between filters', () => {
    expect(paths({ live: true, when: 'today' })).toEqual(['when']);
    expect(paths({ when: 'week', from: '2026-06-01' })).toEqual(['from']);
    expect(paths({ when: 'custom' })).toEqual(['when']);
    expect(paths({ when: 'custom', from: '2026-06-10', to: '2026-06-01' })).toEqual(['from']);
    expect(paths({ when: 'custom', from: '2026-02-30' })).toEqual(['from']);
    expect(paths({ free: true, knownPrice: true, maxPrice: 10 })).toEqual(['maxPrice']);
    expect(paths({ free: true })).toEqual(['knownPrice']);
  });

  it('refuses unknown members, categories and values', () => {
    expect(paths({ sources: ['TicketSud'] })).toEqual(['']);
    expect(paths({ categories: ['opera'] })).toEqual(['categories.0']);
    expect(paths({ sort: 'ending' })).toEqual(['sort']);
    expect(paths({ maxPrice: -1 })).toEqual(['maxPrice']);
  });
});
