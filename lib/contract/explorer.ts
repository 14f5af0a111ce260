import { z } from 'zod';
import { MAIN_CATEGORIES } from './categories';
import { ZPaginationSchema } from './common';

/** `YYYY-MM-DD hh:mm +hhmm` in the place's time zone: the wire date to the minute, which is all a card shows. */
export const ZExplorerDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} [+-]\d{4}$/)
  .meta({ examples: ['2026-11-22 20:30 +0100'] });

/**
 * One event as the explorer draws it (a card and a map point): the web app's own wire shape, not the Partner API's.
 * A 500-event viewport answer is what a phone downloads on every pan, so it carries nothing else (no image: cards
 * draw the category's icon); absent optional
 * members mean "none" (no price, no image, not cancelled…). Record pages use the full `TEvent`.
 */
export const ZExplorerEventSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    start: ZExplorerDateSchema,
    end: ZExplorerDateSchema,
    /** The lowest and highest prices in euros; `maxPrice` is left out when it equals `minPrice`. */
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
    /** The venue's name (the map place's, else the place's) and city. */
    place: z.string(),
    city: z.string().optional(),
    /** [lng, lat], rounded to ~1 m; absent when the event has no position. */
    position: z.tuple([z.number(), z.number()]).optional(),
    /** The first main category. */
    category: z.enum(MAIN_CATEGORIES).optional(),
    cancelled: z.literal(true).optional(),
    /** Sold out or otherwise no longer bookable. */
    unavailable: z.literal(true).optional(),
  })
  .meta({ id: 'ExplorerEvent' });
export type TExplorerEvent = z.infer<typeof ZExplorerEventSchema>;

/** `GET /api/explorer/events`: a viewport page of explorer events. */
export const ZExplorerEventsPageSchema = z
  .object({ data: z.array(ZExplorerEventSchema), pagination: ZPaginationSchema })
  .meta({ id: 'ExplorerEventsPage' });
export type TExplorerEventsPage = z.infer<typeof ZExplorerEventsPageSchema>;
