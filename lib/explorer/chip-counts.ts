import type { TMainCategory } from '@/lib/contract/categories';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import type { TExplorerView } from '@/lib/contract/explorer';

/** What each category chip reads: its matches under every filter but the category one. */
export type ChipCounts = Readonly<Record<TMainCategory, number>>;

/**
 * The chips' counts from the view's answer (the one the list and the map draw), or null when there are none to show.
 * Only the catalogue copy counts per category (`source: 'mirror'`); a live answer's counts would be those of its page,
 * so it shows none rather than wrong ones. The copy leaves out categories without a match: those chips read 0.
 */
export function chipCounts(
  answer: Pick<TExplorerView, 'source' | 'categoryCounts'> | null | undefined,
): ChipCounts | null {
  if (!answer || answer.source !== 'mirror') return null;
  const counts = {} as Record<TMainCategory, number>;
  for (const category of MAIN_CATEGORIES) counts[category] = answer.categoryCounts[category] ?? 0;
  return counts;
}
