import { cancelRecord } from '../../model/mutations';
import { rewriteEvent } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export function cancelEvent(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => cancelRecord(record, updatedMs));
}
