import type { RecordWithEventsJson } from '../../search-types';
import type { Db } from '../open';
import { recordEvents } from '../rows/record-events';
import { performerJson, type PerformerRecordRow } from '../../model/serialize-event';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/** The performer's row, or undefined. */
export function performerRow(db: Db, performerId: number): PerformerRecordRow | undefined {
  return stmt(db, 'SELECT id, name, image, square_image, rectangle_image, web_image FROM performers WHERE id = ?').get(
    performerId,
  ) as PerformerRecordRow | undefined;
}

/** A performer with their events (upcoming first, then past; see RECORD_EVENTS_LIMIT), or null when unknown. */
export function getPerformer(ctx: StoreContext, performerId: number): RecordWithEventsJson | null {
  const row = performerRow(ctx.db, performerId);
  if (!row) return null;
  return {
    record: performerJson(row, ctx.publicUrl),
    events: recordEvents(ctx.db, 'performer', performerId, ctx.clock()),
  };
}
