import type { EventInput } from '../../types';
import { nextUpdatedMs } from '../rows/next-updated-ms';
import { eventRecordOf, nextEventId, noteEventId } from '../rows/resolve-input';
import { insertEvent } from '../rows/save-event';
import { serializeEvent } from '../../model/serialize-event';
import type { StoreContext } from '../rows/store-context';

/** Creates an event and the rows it refers to when new (place, map place, partners, performers); returns its id. */
export function createEvent(ctx: StoreContext, input: EventInput): number {
  return ctx.db
    .transaction(() => {
      const id = input.id ?? nextEventId(ctx.db);
      const updatedMs = nextUpdatedMs(ctx.db, ctx.clock);
      const record = eventRecordOf(ctx.db, input, id, updatedMs);
      insertEvent(ctx.db, record, serializeEvent(record, ctx.publicUrl));
      noteEventId(ctx.db, id);
      return id;
    })
    .immediate();
}
