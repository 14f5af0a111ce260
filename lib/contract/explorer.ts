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
    /**
     * The event's square picture (else its main one): a path under the web app's image route (`event/12-square.svg`
     * for `/images/event/12-square.svg`) when the picture is served through it, else an absolute URL. Absent: none.
     */
    image: z.string().optional(),
  })
  .meta({ id: 'ExplorerEvent' });
export type TExplorerEvent = z.infer<typeof ZExplorerEventSchema>;

/** `GET /api/explorer/events`: a viewport page of explorer events. */
export const ZExplorerEventsPageSchema = z
  .object({ data: z.array(ZExplorerEventSchema), pagination: ZPaginationSchema })
  .meta({ id: 'ExplorerEventsPage' });
export type TExplorerEventsPage = z.infer<typeof ZExplorerEventsPageSchema>;

/**
 * A group of matching events the map draws as one circle at the view's zoom. Counts are exact over every match of
 * the query (not over a page of it), so the circles of a view add up to the matches that have a position.
 */
export const ZExplorerClusterSchema = z
  .strictObject({
    /** [lng, lat]: where the circle is drawn (the mean of its members' positions). */
    position: z.tuple([z.number(), z.number()]),
    count: z.number().int().positive(),
    /** [minLng, minLat, maxLng, maxLat] of its members: framing it splits the group. */
    bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    /** What the group is called in the map's text alternative: its members' most common town. */
    label: z.string().optional(),
    /** The event, when the group is a single one. */
    eventId: z.number().int().optional(),
  })
  .meta({ id: 'ExplorerCluster' });
export type TExplorerCluster = z.infer<typeof ZExplorerClusterSchema>;

/** The chips' keys: the main categories, and `none` for events without one. */
export const EXPLORER_CATEGORY_KEYS = [...MAIN_CATEGORIES, 'none'] as const;

/**
 * `GET /api/explorer/events` with `zoom`: everything a view draws, from one state. `data` is the list's page in the
 * chosen order and `pagination.totalItems` the exact number of matches; `clusters` group every match with a
 * position; `categoryCounts` count the matches under every filter but the category one (what each chip would show).
 * `source` says where the answer came from: the web app's copy of the catalogue (`mirror`), or the Partner API asked
 * live (`live`: the mirror is off or cold — clusters then cover only `data`, and the UI says how many of how many).
 */
export const ZExplorerViewSchema = z
  .object({
    data: z.array(ZExplorerEventSchema),
    pagination: ZPaginationSchema,
    clusters: z.array(ZExplorerClusterSchema),
    categoryCounts: z.partialRecord(z.enum(EXPLORER_CATEGORY_KEYS), z.number().int().nonnegative()),
    source: z.enum(['mirror', 'live']),
    /** ISO 8601 instant of the catalogue copy's last successful sync; null for a live answer. */
    asOf: z.string().nullable(),
    /** True when the Partner API is failing and the answer comes from the copy (may be a few minutes old). */
    degraded: z.boolean(),
  })
  .meta({ id: 'ExplorerView' });
export type TExplorerView = z.infer<typeof ZExplorerViewSchema>;
