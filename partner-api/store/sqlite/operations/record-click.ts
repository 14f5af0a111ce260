import type { ClickInput, RecordedClick } from '../../search-types';
import { CLICK_COLUMNS, clickValues, type ClickSourceRow } from '../../model/clicks';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

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
  ).get(input.sourceId) as ClickSourceRow | undefined;
  if (!source) return null;
  stmt(ctx.db, `INSERT INTO clicks (${CLICK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
    ...clickValues(input, source, ctx.clock),
  );
  return { redirectTo: source.link };
}
