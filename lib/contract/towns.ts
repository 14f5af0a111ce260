import { z } from 'zod';
import { LIMITS, ZQueryLatSchema, ZQueryLngSchema } from './common';
import { refineLngLatTogether } from './search';
import { LOCALES } from '../i18n/config';

/** Query of the web app's own `GET /api/towns` (the gazetteer; no Partner API call). */
export const ZTownsQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(LIMITS.maxTextLength),
    limit: z.coerce.number().int().min(1).max(10).default(5),
    /** The language towns are named in ("Bruxelles" or "Brussels"); GeoNames' own name when left out. */
    lang: z.enum(LOCALES).optional(),
    /** Where the visitor is looking (the map's centre): towns begun by the text rank nearer ones first. */
    lng: ZQueryLngSchema.optional(),
    lat: ZQueryLatSchema.optional(),
  })
  .superRefine(refineLngLatTogether);
export type TTownsQuery = z.infer<typeof ZTownsQuerySchema>;

/** One town of `GET /api/towns`. */
export const ZTownSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** ISO 3166-1 alpha-2. */
    country: z.string().length(2),
    /** The French département's name; null outside France. */
    region: z.string().nullable(),
    lng: z.number(),
    lat: z.number(),
    population: z.number().int(),
  })
  .meta({ id: 'Town' });
export type TTown = z.infer<typeof ZTownSchema>;

export const ZTownsResponseSchema = z.array(ZTownSchema).meta({ id: 'TownsResponse' });
export type TTownsResponse = z.infer<typeof ZTownsResponseSchema>;
