import type { TClick } from '@/lib/contract';
import type { ClickInput } from '../search-types';
import { clickCommission } from './derive';

/*
 * Clicks on tracked links: what a click copies from its source (so it survives later edits of the event) and how a
 * stored click is listed, the same in both stores.
 */

/** The clicks columns a store inserts, in clickValues' order. */
export const CLICK_COLUMNS = 'client_id, source_id, event_id, event_name, source_name, link, commission, created_ms';

/** A source with what a click copies from it, its event and its partner. */
export interface ClickSourceRow {
  id: number;
  event_id: number;
  link: string;
  lowest_price: number | null;
  commission_fix: number;
  commission_per_cart: number;
  commission_per_ticket: number;
  commission_rate: number;
  event_name: string;
  partner_name: string;
}

/** A clicks row (CLICK_COLUMNS) of a followed link; `now` is read only when the input has no time of its own. */
export function clickValues(input: ClickInput, source: ClickSourceRow, now: () => number): unknown[] {
  return [
    input.clientId,
    source.id,
    source.event_id,
    source.event_name,
    source.partner_name,
    input.link,
    clickCommission(source),
    input.atMs ?? now(),
  ];
}

/** A stored click as GET /v2/clicks lists it. */
export interface ClickRow {
  created_ms: number;
  link: string;
  source_id: number;
  event_id: number;
  event_name: string;
  source_name: string;
  commission: number;
}

export function clickOfRow(row: ClickRow): TClick {
  return {
    createdAt: new Date(row.created_ms).toISOString(),
    link: row.link,
    linkId: row.source_id,
    eventId: row.event_id,
    eventName: row.event_name,
    source: row.source_name,
    commission: row.commission,
  };
}
