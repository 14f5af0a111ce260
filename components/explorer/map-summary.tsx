'use client';

import { useMemo } from 'react';
import type { TExplorerCluster } from '@/lib/contract';
import { formatCount } from '@/lib/explorer/card-format';
import { mapGroups } from '@/lib/explorer/map-groups';
import type { Locale } from '@/lib/i18n/config';
import type { ExplorerMessages } from '@/lib/i18n/explorer-messages';

export interface MapSummaryProps {
  /** The element's id, which the map region's `aria-describedby` names. */
  id: string;
  clusters: readonly TExplorerCluster[];
  /** Every match of the view (the header's total): what the clusters do not hold has no position. */
  total: number;
  locale: Locale;
  t: ExplorerMessages;
}

/**
 * The map's text alternative (WCAG 1.1.1): visually hidden, named by the map region's `aria-describedby`, it says in
 * words what the map draws — each place with its number of events ("Paris: 259 events") — from the same answer, so
 * it changes with the map and its numbers add up to the header's total.
 */
export function MapSummary({ id, clusters, total, locale, t }: MapSummaryProps) {
  const { groups, drawn } = useMemo(() => mapGroups(clusters), [clusters]);
  const elsewhere = total - drawn;
  return (
    <div id={id} className="visually-hidden" data-testid="map-summary">
      <p>{t.mapSummaryTitle(formatCount(drawn, locale))}</p>
      <ul>
        {groups.map((group) => (
          <li key={group.label ?? ''} data-count={group.count}>
            {t.mapGroup(group.label ?? t.mapUnnamed, group.count, formatCount(group.count, locale))}
          </li>
        ))}
        {elsewhere > 0 && <li data-count={elsewhere}>{t.mapNoPosition(formatCount(elsewhere, locale))}</li>}
      </ul>
    </div>
  );
}
