import { describe, expect, it } from 'vitest';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import { chipCounts } from './chip-counts';

describe('chipCounts', () => {
  it("reads every chip's count from the copy's answer, 0 for a category it leaves out", () => {
    const counts = chipCounts({ source: 'mirror', categoryCounts: { musique: 259, sport: 3, none: 12 } });
    expect(counts?.musique).toBe(259);
    expect(counts?.sport).toBe(3);
    expect(counts?.atelier).toBe(0);
    expect(Object.keys(counts ?? {}).sort()).toEqual([...MAIN_CATEGORIES].sort());
  });

  it('reads 0 on every chip when nothing matches in the copy', () => {
    const counts = chipCounts({ source: 'mirror', categoryCounts: {} });
    expect(counts).not.toBeNull();
    expect(new Set(Object.values(counts ?? {}))).toEqual(new Set([0]));
  });

  it('shows no counts for a live answer, nor before an answer', () => {
    expect(chipCounts({ source: 'live', categoryCounts: {} })).toBeNull();
    expect(chipCounts({ source: 'live', categoryCounts: { musique: 4 } })).toBeNull();
    expect(chipCounts(null)).toBeNull();
    expect(chipCounts(undefined)).toBeNull();
  });
});
