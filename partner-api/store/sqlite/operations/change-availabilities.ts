import type { AvailabilityInput } from '../../types';
import { changeRecordAvailabilities } from '../../model/mutations';
import { stmt } from '../statements';
import { rewriteEvent, type StoreContext } from '../rows/store-context';

/**
 * Replaces the available dates of one source (or of every source without `sourceId`). It advances updatedAt like
 * every write: the lossless catalogue sync (docs/design.md §4.5) keys on updatedAt alone. A source id of another event
 * is ignored. Returns null when the event does not exist.
 */
export function changeAvailabilities(ctx: StoreContext, id: number, change: AvailabilityInput): number | null {
  return ctx.db
    .transaction(() => {
      const updated = rewriteEvent(ctx, id, (record) => changeRecordAvailabilities(record, change));
      if (updated !== null) {
        stmt(ctx.db, 'UPDATE events SET availability_changed_ms = ? WHERE id = ?').run(updated, id);
      }
      return updated;
    })
    .immediate();
}
