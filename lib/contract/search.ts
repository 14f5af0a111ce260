import { z } from 'zod';
import { LIMITS, textNumber, ZIsoDateInputSchema, ZPaginationSchema, ZQueryLatSchema, ZQueryLngSchema } from './common';
import { ZAddressSchema, ZClickSchema } from './records';

/** Free text of a search; blank (whitespace only) is refused, surrounding whitespace ignored. */
const ZSearchTextSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required.' : undefined) })
  .min(1, 'Must not be empty.')
  .max(LIMITS.maxTextLength)
  // Blank is refused; the pattern (any non-space character) says so in the JSON Schema too.
  .regex(/\S/, 'Must not be blank.')
  .trim()
  .meta({ description: 'Free text (1–200 characters, not blank).' });

export const SEARCH_TYPES = ['events', 'places', 'performers'] as const;
export type TSearchType = (typeof SEARCH_TYPES)[number];

/**
 * `type=events,places` — a comma-separated subset (OpenAPI `style: form, explode: false`, as the document declares),
 * or the same parameter repeated (`type=events&type=places`, what generated clients such as openapi-fetch send by
 * default), or both mixed; absent means all. A type named twice counts once.
 */
export const ZSearchTypesSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).flatMap((item) => item.split(',')))])
  .pipe(z.array(z.enum(SEARCH_TYPES)).min(1).max(SEARCH_TYPES.length));

const LNG_LAT_TOGETHER = 'lng and lat go together.';

/** A query's point needs both coordinates: one alone is a client mistake, not "no point". */
export function refineLngLatTogether(query: { lng?: number; lat?: number }, ctx: z.RefinementCtx): void {
  if (query.lng !== undefined && query.lat === undefined) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: `Required with lng: ${LNG_LAT_TOGETHER}` });
  }
  if (query.lat !== undefined && query.lng === undefined) {
    ctx.addIssue({ code: 'custom', path: ['lng'], message: `Required with lat: ${LNG_LAT_TOGETHER}` });
  }
}

/** Query of `GET /v2/search`. Strict: an unknown parameter (a typo such as `Limit`) is a 400, not ignored. */
export const ZSearchQuerySchema = z
  .strictObject({
    search: ZSearchTextSchema,
    lng: ZQueryLngSchema.optional(),
    lat: ZQueryLatSchema.optional(),
    type: ZSearchTypesSchema.optional(),
    limit: textNumber('integer', z.number().int().min(1).max(LIMITS.searchLimitMax)).default(LIMITS.defaultSearchLimit),
  })
  .superRefine(refineLngLatTogether);
export type TSearchQuery = z.infer<typeof ZSearchQuerySchema>;

/** Query of `GET /v2/search/place`. */
export const ZPlaceSearchQuerySchema = z.strictObject({
  name: ZSearchTextSchema,
  lng: ZQueryLngSchema,
  lat: ZQueryLatSchema,
});
export type TPlaceSearchQuery = z.infer<typeof ZPlaceSearchQuerySchema>;

/** Query of `GET /v2/search/performer`. */
export const ZPerformerSearchQuerySchema = z.strictObject({ name: ZSearchTextSchema });
export type TPerformerSearchQuery = z.infer<typeof ZPerformerSearchQuerySchema>;

export const ZSearchCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mainCategory: z.string(),
  traductionFR: z.string(),
  traductionEN: z.string(),
  icon: z.string(),
});

export const ZSearchEventSchema = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hasEndDateNotReliable: z.boolean(),
  lowestPrice: z.number().nullable(),
  highestPrice: z.number().nullable(),
  description: z.string(),
  image: z.string().nullable(),
  squareImage: z.string().nullable(),
  rectangleImage: z.string().nullable(),
  place: z.object({ id: z.number().int(), name: z.string(), address: ZAddressSchema }),
  averageGrade: z.number(),
  totalGrades: z.number(),
  categories: z.array(ZSearchCategorySchema),
  score: z.number(),
});

export const ZSearchPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  averageGrade: z.number().nullable(),
  totalGrades: z.number().nullable(),
  score: z.number(),
});

export const ZSearchPerformerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  webImage: z.string().nullable(),
  score: z.number(),
});

export const ZSearchItemSchema = z
  .union([
    z.object({ event: ZSearchEventSchema }),
    z.object({ place: ZSearchPlaceSchema }),
    z.object({ performer: ZSearchPerformerSchema }),
  ])
  .meta({ id: 'SearchItem' });
export type TSearchItem = z.infer<typeof ZSearchItemSchema>;

export const ZSearchResponseSchema = z.array(ZSearchItemSchema).meta({ id: 'SearchResponse' });
export type TSearchResponse = z.infer<typeof ZSearchResponseSchema>;

/** Query of `GET /v2/clicks`. */
export const ZClicksQuerySchema = z.strictObject({
  minDate: ZIsoDateInputSchema.optional(),
  limit: textNumber('integer', z.number().int().min(1).max(LIMITS.clicksLimitMax)).default(LIMITS.defaultLimit),
  pageNumber: textNumber('integer', z.number().int().min(1).max(1_000_000)).default(1),
});
export type TClicksQuery = z.infer<typeof ZClicksQuerySchema>;

export const ZClicksResponseSchema = z
  .object({ data: z.array(ZClickSchema), pagination: ZPaginationSchema })
  .meta({ id: 'ClicksResponse' });
export type TClicksResponse = z.infer<typeof ZClicksResponseSchema>;
