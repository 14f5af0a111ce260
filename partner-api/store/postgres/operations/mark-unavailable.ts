import { markRecordUnavailable } from '../../model/mutations';
import { rewriteEvent } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export function markUnavailable(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => markRecordUnavailable(record, updatedMs));
}
