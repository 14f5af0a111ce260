import { cleanText } from '@/partner-api/links/link-marker';
import type { RecordWithEventsJson } from '../../search-types';
import type { Db } from '../open';
import { recordEvents } from '../rows/record-events';
import { imageUrl } from '../../model/serialize-event';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

interface PerformerRow {
  id: number;
  name: string;
  image: string | null;
  square_image: string | null;
  rectangle_image: string | null;
  web_image: string | null;
}

/** The performer's row, or undefined. */
export function performerRow(db: Db, performerId: number): PerformerRow | undefined {
  return stmt(db, 'SELECT id, name, image, square_image, rectangle_image, web_image FROM performers WHERE id = ?').get(
    performerId,
  ) as PerformerRow | undefined;
}

/** The Performer (full shape) JSON object without its events. */
export function performerJson(row: PerformerRow, publicUrl: string): string {
  return JSON.stringify({
    id: row.id,
    name: cleanText(row.name),
    image: imageUrl(publicUrl, row.image),
    squareImage: imageUrl(publicUrl, row.square_image),
    rectangleImage: imageUrl(publicUrl, row.rectangle_image),
    webImage: imageUrl(publicUrl, row.web_image),
  });
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
