import type { RepriceInput } from '../../types';
import { assertReprice, repriceRecord } from '../../model/mutations';
import { rewriteEvent } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export function repriceEvent(ctx: PgStoreContext, id: number, prices: RepriceInput): Promise<number | null> {
  assertReprice(prices);
  return rewriteEvent(ctx, id, (_client, record) => repriceRecord(record, prices));
}
