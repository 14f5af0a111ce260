import { markRecordUnavailable } from '../../model/mutations';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/** Marks an event (and every source of it) unavailable — sold out or no more availability — at the write's time. */
export function markUnavailable(ctx: StoreContext, id: number): number | null {
  return rewriteEvent(ctx, id, markRecordUnavailable);
}
