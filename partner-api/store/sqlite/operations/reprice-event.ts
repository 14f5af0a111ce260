import type { RepriceInput } from '../../types';
import { assertReprice, repriceRecord } from '../../model/mutations';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/** Sets the prices of an event and of all its sources (a repricing at the ticketing partners). */
export function repriceEvent(ctx: StoreContext, id: number, prices: RepriceInput): number | null {
  assertReprice(prices);
  return rewriteEvent(ctx, id, (record) => repriceRecord(record, prices));
}
