import type { ClickInput, RecordedClick } from '../search-types';
import { stmt } from './statements';
import type { StoreContext } from './store-context';

/**
 * A click's commission (docs/design.md §4.7): fix + per cart + per ticket + rate × the source's lowest price, to the
 * cent.
 */
export function clickCommission(source: {
  commission_fix: number;
  commission_per_cart: number;
  commission_per_ticket: number;
  commission_rate: number;
  lowest_price: number | null;
}): number {
  const total =
    source.commission_fix +
    source.commission_per_cart +
    source.commission_per_ticket +
    source.commission_rate * (source.lowest_price ?? 0);
  return Math.round((total + Number.EPSILON) * 100) / 100;
}

/**
 * Records that `clientId` followed its tracked link to a source, and returns the partner's real link. The event
 * name, partner name and commission are copied into the click so it survives later edits. Null when the source
 * (or its event) no longer exists: nothing is recorded.
 */
export function recordClick(ctx: StoreContext, input: ClickInput): RecordedClick | null {
  const source = stmt(
    ctx.db,
    `SELECT s.id, s.event_id, s.link, s.lowest_price, s.commission_fix, s.commission_per_cart,
            s.commission_per_ticket, s.commission_rate, e.name AS event_name, pa.name AS partner_name
     FROM sources s JOIN events e ON e.id = s.event_id JOIN partners pa ON pa.id = s.partner_id
     WHERE s.id = ?`,
  ).get(input.sourceId) as
    | {
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
    | undefined;
  if (!source) return null;
  stmt(
    ctx.db,
    `INSERT INTO clicks (client_id, source_id, event_id, event_name, source_name, link, commission, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    input.clientId,
    source.id,
    source.event_id,
    source.event_name,
    source.partner_name,
    input.link,
    clickCommission(source),
    input.atMs ?? ctx.clock(),
  );
  return { redirectTo: source.link };
}
