import { cancelRecord } from '../../model/mutations';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/** Marks an event cancelled at the write's time; an already cancelled event keeps its first cancellation date. */
export function cancelEvent(ctx: StoreContext, id: number): number | null {
  return rewriteEvent(ctx, id, cancelRecord);
}
