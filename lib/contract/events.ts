import { z } from 'zod';
import { CATEGORY_FILTER_VALUES } from './categories';
import { LIMITS, ZIsoDateInputSchema, ZLatSchema, ZLngSchema, ZPageNumberSchema, ZPaginationSchema } from './common';
import { ZEventSchema } from './records';

export const ZCircleSchema = z.strictObject({
  lng: ZLngSchema,
  lat: ZLatSchema,
  /** Meters; half the Earth's circumference covers everything. */
  maxDistance: z.number().positive().max(20_100_000),
});

/** A rectangle with `minLng > maxLng` crosses the antimeridian. */
export const ZRectangleSchema = z.strictObject({
  minLng: ZLngSchema,
  maxLng: ZLngSchema,
  minLat: ZLatSchema,
  maxLat: ZLatSchema,
});
export type TRectangle = z.infer<typeof ZRectangleSchema>;

/**
 * `{circle}` or `{rectangle}`; an empty object is accepted and means no filter. One strict object with two optional
 * members (refined to at most one) rather than a union, so an error inside `circle` points at its member. The JSON
 * Schema states the rule too (`oneOf` with `required`, the other member `false`), so that generated clients' types
 * refuse both together (openapi-typescript: `{rectangle?: never} | {circle?: never} | …`).
 */
export const ZLocationFilterSchema = z
  .strictObject({ circle: ZCircleSchema.optional(), rectangle: ZRectangleSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.circle && value.rectangle) {
      ctx.addIssue({ code: 'custom', path: ['rectangle'], message: 'give either circle or rectangle, not both' });
    }
    if (value.rectangle && value.rectangle.minLat > value.rectangle.maxLat) {
      ctx.addIssue({ code: 'custom', path: ['rectangle', 'minLat'], message: 'minLat must not exceed maxLat' });
    }
  })
  .meta({
    id: 'LocationFilter',
    oneOf: [
      { title: 'circle', required: ['circle'], properties: { rectangle: false } },
      { title: 'rectangle', required: ['rectangle'], properties: { circle: false } },
      { title: 'no filter', properties: { circle: false, rectangle: false } },
    ],
    description:
      'Either `circle` or `rectangle`, not both (`{}` means no filter). A rectangle needs `minLat ≤ maxLat`; ' +
      '`minLng > maxLng` crosses the antimeridian.',
  });
export type TLocationFilter = z.infer<typeof ZLocationFilterSchema>;

/** The date window of an events query that names no end: 7 days from its start (docs/design.md §4.4). */
export const DEFAULT_WINDOW_MS = 7 * 24 * 3_600_000;

/** A member that must be absent in this alternative (JSON Schema `false`): says why when present. */
const absent = (why: string) => z.never({ error: why }).optional();
const LIVE_OR_WINDOW = 'Give isLive or a date window (minDate, maxDate), not both.';

/**
 * `{isLive}` xor a window. Each alternative names the other's members as absent (not merely unknown), so the JSON
 * Schema carries `false` for them and generated clients' types refuse `{isLive, minDate}`: a union of two closed
 * object types alone would not (TypeScript accepts a member of either side in a union's object literal).
 */
export const ZDatesFilterSchema = z
  .union([
    z.strictObject({ isLive: z.boolean(), minDate: absent(LIVE_OR_WINDOW), maxDate: absent(LIVE_OR_WINDOW) }),
    z.strictObject({
      isLive: absent(LIVE_OR_WINDOW),
      minDate: ZIsoDateInputSchema.optional(),
      maxDate: ZIsoDateInputSchema.optional(),
    }),
  ])
  .meta({
    id: 'DatesFilter',
    description:
      '`{isLive}` (starting within 3 hours and not ended) or a window `{minDate, maxDate}` with `minDate ≤ maxDate` ' +
      '(defaults: now and now + 7 days); an event matches when its dates overlap the window.',
  });
export type TDatesFilter = z.infer<typeof ZDatesFilterSchema>;

export const ZPricesFilterSchema = z
  .strictObject({
    lowestPrice: z.number().min(0).optional(),
    highestPrice: z.number().min(0).optional(),
    hasKnownPrice: z.boolean().optional(),
  })
  .meta({ id: 'PricesFilter' });
export type TPricesFilter = z.infer<typeof ZPricesFilterSchema>;

export const ORDER_BY_VALUES = [
  'startDate',
  'endDate',
  'updatedAt',
  'lowestPrice',
  'highestPrice',
  'distance',
] as const;
export type TOrderBy = (typeof ORDER_BY_VALUES)[number];

export const ZCategoryFilterSchema = z.enum(CATEGORY_FILTER_VALUES);

/** Body of `POST /v2/get/events`. */
export const ZGetEventsRequestSchema = z
  .strictObject({
    categories: z.array(ZCategoryFilterSchema).min(1).max(LIMITS.maxArrayItems).optional(),
    sources: z.array(z.string().min(1).max(LIMITS.maxTextLength)).min(1).max(LIMITS.maxArrayItems).optional(),
    locationFilter: ZLocationFilterSchema.optional(),
    datesFilter: ZDatesFilterSchema.optional(),
    pricesFilter: ZPricesFilterSchema.optional(),
    limit: z.number().int().min(1).max(LIMITS.eventsLimitMax).optional(),
    pageNumber: ZPageNumberSchema.optional(),
    orderBy: z.enum(ORDER_BY_VALUES).optional(),
    orderByDistance: z.strictObject({ lng: ZLngSchema, lat: ZLatSchema }).optional(),
    getCommentaries: z.boolean().optional(),
    getPerformers: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const dates = body.datesFilter;
    if (dates && 'minDate' in dates && dates.minDate && dates.maxDate) {
      if (Date.parse(toUtcIso(dates.minDate)) > Date.parse(toUtcIso(dates.maxDate))) {
        ctx.addIssue({
          code: 'custom',
          path: ['datesFilter', 'minDate'],
          message: 'minDate must not be after maxDate',
        });
      }
    }
    if (body.orderBy === 'distance' && !body.orderByDistance) {
      ctx.addIssue({
        code: 'custom',
        path: ['orderByDistance'],
        message: 'orderBy "distance" needs orderByDistance {lng, lat}',
      });
    }
  })
  .meta({
    id: 'GetEventsRequest',
    if: { required: ['orderBy'], properties: { orderBy: { const: 'distance' } } },
    // `properties` repeats the member the branch requires (Redocly checks each required name is defined there).
    then: { required: ['orderByDistance'], properties: { orderByDistance: {} } },
    description:
      'Every member is optional. Cross-member rules: `datesFilter.minDate ≤ datesFilter.maxDate`; ' +
      '`orderBy: "distance"` needs `orderByDistance`; `locationFilter` holds `circle` or `rectangle`, not both.',
  });
export type TGetEventsRequest = z.infer<typeof ZGetEventsRequestSchema>;

export const ZGetEventsResponseSchema = z
  .object({ data: z.array(ZEventSchema), pagination: ZPaginationSchema })
  .meta({ id: 'GetEventsResponse' });
export type TGetEventsResponse = z.infer<typeof ZGetEventsResponseSchema>;

/** Body of `POST /v2/get/catalogue`. */
export const ZGetCatalogueRequestSchema = z
  .strictObject({
    locationFilter: ZLocationFilterSchema.optional(),
    lastUpdatedAt: ZIsoDateInputSchema.optional(),
    trackAvailabilities: z.boolean().optional(),
    limit: z.number().int().min(1).max(LIMITS.catalogueLimitMax).optional(),
    pageNumber: ZPageNumberSchema.optional(),
  })
  .meta({ id: 'GetCatalogueRequest' });
export type TGetCatalogueRequest = z.infer<typeof ZGetCatalogueRequestSchema>;

export const ZGetCatalogueResponseSchema = z
  .object({
    data: z.object({
      events: z.array(ZEventSchema),
      eventIdsCancelled: z.array(z.number().int()),
      eventIdsNotAvailable: z.array(z.number().int()),
      eventIdsPassed: z.array(z.number().int()),
      eventIdsDeleted: z.array(z.number().int()),
    }),
    pagination: ZPaginationSchema,
  })
  .meta({ id: 'GetCatalogueResponse' });
export type TGetCatalogueResponse = z.infer<typeof ZGetCatalogueResponseSchema>;

/** Reads an accepted ISO 8601 input as UTC when it has no offset (docs/design.md §4.8). */
export function toUtcIso(input: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return `${input}T00:00:00Z`;
  return /(Z|[+-]\d{2}:?\d{2})$/i.test(input) ? input : `${input}Z`;
}

/** Epoch milliseconds of an accepted ISO 8601 input. */
export function parseIsoInput(input: string): number {
  return Date.parse(toUtcIso(input));
}
