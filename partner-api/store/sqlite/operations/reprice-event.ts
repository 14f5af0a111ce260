import type { RepriceInput } from '../../types';
import { assertPrices } from '../../model/derive';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/** Sets the prices of an event and of all its sources (a repricing at the ticketing partners). */
export function repriceEvent(ctx: StoreContext, id: number, prices: RepriceInput): number | null {
  assertPrices(prices.lowestPrice, prices.highestPrice, 'repriced event');
  return rewriteEvent(ctx, id, (record) => {
    record.lowestPrice = prices.lowestPrice;
    record.highestPrice = prices.highestPrice;
    for (const source of record.sources) {
      source.lowestPrice = prices.lowestPrice;
      source.highestPrice = prices.highestPrice;
      if (prices.isGoodDeal !== undefined) source.isGoodDeal = prices.isGoodDeal;
    }
    if (prices.isGoodDeal !== undefined) record.hasGoodDeal = prices.isGoodDeal;
  });
}
