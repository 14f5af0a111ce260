import type { RecordWithEventsJson } from '../../search-types';
import { performerJson, type PerformerRecordRow } from '../../model/serialize-event';
import { recordEvents } from '../rows/record-events';
import type { PgStoreContext } from '../rows/store-context';

export async function getPerformer(ctx: PgStoreContext, performerId: number): Promise<RecordWithEventsJson | null> {
  const { rows } = await ctx.pool.query<PerformerRecordRow>(
    'SELECT id, name, image, square_image, rectangle_image, web_image FROM performers WHERE id = $1',
    [performerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    record: performerJson(row, ctx.publicUrl),
    events: await recordEvents(ctx.pool, 'performer', performerId, ctx.clock()),
  };
}
