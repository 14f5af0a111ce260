import type { EventInput } from '../../types';
import { serializeEvent } from '../../model/serialize-event';
import { eventRecordOf, nextEventId, noteEventId } from '../resolve-input';
import { insertEvent } from '../rows';
import { catalogueWrite } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export async function createEvent(ctx: PgStoreContext, input: EventInput): Promise<number> {
  const id = await catalogueWrite(ctx, async (client, updatedMs) => {
    const eventId = input.id ?? (await nextEventId(client));
    const record = await eventRecordOf(client, input, eventId, updatedMs);
    await insertEvent(client, record, serializeEvent(record, ctx.publicUrl));
    await noteEventId(client, eventId);
    return eventId;
  });
  return id as number;
}
