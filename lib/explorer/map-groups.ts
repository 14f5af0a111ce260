import type { TExplorerCluster } from '@/lib/contract';

/** One line of the map's text alternative: a place and how many events the map shows there. */
export interface MapGroup {
  /** The town the group's events are in; null when the answer names none. */
  label: string | null;
  count: number;
}

/**
 * The map's groups as its text alternative names them: the clusters merged by name (two circles over one town read
 * as one line), biggest first, so the lines add up to the events the map draws.
 */
export function mapGroups(clusters: readonly TExplorerCluster[]): { groups: MapGroup[]; drawn: number } {
  const byLabel = new Map<string | null, number>();
  let drawn = 0;
  for (const cluster of clusters) {
    const label = cluster.label?.trim() || null;
    byLabel.set(label, (byLabel.get(label) ?? 0) + cluster.count);
    drawn += cluster.count;
  }
  const groups = [...byLabel].map(([label, count]) => ({ label, count }));
  // Named places first, by count, then by name; the unnamed rest last.
  groups.sort(
    (a, b) =>
      Number(a.label === null) - Number(b.label === null) ||
      b.count - a.count ||
      (a.label ?? '').localeCompare(b.label ?? ''),
  );
  return { groups, drawn };
}
