import { z } from 'zod';
import { ZIsoTimestampSchema, ZLocalDateTimeSchema } from './common';

/** Period day: 0 = Sunday … 6 = Saturday; time `hhmm`. */
export const ZPeriodPointSchema = z.object({
  day: z.number().int().min(0).max(6),
  time: z.string().regex(/^\d{4}$/),
});
export const ZPeriodSchema = z.object({ open: ZPeriodPointSchema, close: ZPeriodPointSchema }).meta({ id: 'Period' });
export type TPeriod = z.infer<typeof ZPeriodSchema>;

export const ZMapPlaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    lng: z.number(),
    lat: z.number(),
    averageGrade: z.number().nullable(),
    totalGrades: z.number().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.union([z.string(), z.number()]).nullable(),
    country: z.string().nullable(),
    photoRef: z.string().nullable(),
    website: z.string().nullable(),
    editorialSummary: z.string().nullable(),
    periods: z.array(ZPeriodSchema),
  })
  .meta({ id: 'MapPlace' });
export type TMapPlace = z.infer<typeof ZMapPlaceSchema>;

export const ZAddressSchema = z.object({
  lng: z.number(),
  lat: z.number(),
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type TAddress = z.infer<typeof ZAddressSchema>;

export const ZPlaceSchema = z
  .object({
    id: z.number().int(),
    mapId: z.string(),
    name: z.string(),
    address: ZAddressSchema,
    image: z.string(),
    squareImage: z.string(),
    rectangleImage: z.string(),
    averageGrade: z.number(),
    totalGrades: z.number(),
  })
  .meta({ id: 'Place' });
export type TPlace = z.infer<typeof ZPlaceSchema>;

export const ZAvailableDateSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  hasEndDateNotReliable: z.boolean(),
  hasUnknownAvailability: z.boolean(),
});
export type TAvailableDate = z.infer<typeof ZAvailableDateSchema>;

export const ZPartnerSchema = z.object({ name: z.string(), logo: z.string(), backColor: z.string() });

export const ZSourceSchema = z
  .object({
    id: z.number().int(),
    partner: ZPartnerSchema,
    startDate: z.string(),
    endDate: z.string(),
    lowestPrice: z.number().nullable(),
    highestPrice: z.number().nullable(),
    isGoodDeal: z.boolean(),
    commissionFix: z.number(),
    commissionPerTicket: z.number(),
    commissionPerCart: z.number(),
    commissionRate: z.number(),
    link: z.string(),
    isBookable: z.boolean(),
    availableDates: z.array(ZAvailableDateSchema),
    averageGrade: z.number(),
    totalGrades: z.number(),
    cantRetrieveAvailableDates: z.boolean(),
    notAvailableAt: ZIsoTimestampSchema.nullable(),
  })
  .meta({ id: 'Source' });
export type TSource = z.infer<typeof ZSourceSchema>;

export const ZCategorySchema = z
  .object({
    id: z.number().int(),
    mainCategory: z.string(),
    subCategory: z.string().nullable(),
    traductionFR: z.string(),
    traductionEN: z.string(),
    icon: z.string(),
  })
  .meta({ id: 'Category' });
export type TCategory = z.infer<typeof ZCategorySchema>;

export const ZCommentarySchema = z
  .object({ grade: z.number(), content: z.string(), username: z.string(), date: ZIsoTimestampSchema })
  .meta({ id: 'Commentary' });
export type TCommentary = z.infer<typeof ZCommentarySchema>;

export const ZPerformerShortSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image: z.string(),
    webImage: z.string(),
  })
  .meta({ id: 'PerformerShort' });
export type TPerformerShort = z.infer<typeof ZPerformerShortSchema>;

export const ZEventSchema = z
  .object({
    id: z.number().int(),
    serviceId: z.number().int(),
    serviceLink: z.string(),
    name: z.string(),
    startDate: ZLocalDateTimeSchema,
    endDate: ZLocalDateTimeSchema,
    hasEndDateNotReliable: z.boolean(),
    lowestPrice: z.number().nullable(),
    highestPrice: z.number().nullable(),
    description: z.string(),
    hasGoodDeal: z.boolean(),
    image: z.string().nullable(),
    imageHeight: z.number().nullable(),
    imageWidth: z.number().nullable(),
    squareImage: z.string().nullable(),
    rectangleImage: z.string().nullable(),
    webImage: z.string().nullable(),
    notAvailableAt: ZIsoTimestampSchema.nullable(),
    cancelledAt: ZIsoTimestampSchema.nullable(),
    createdAt: ZIsoTimestampSchema,
    updatedAt: ZIsoTimestampSchema,
    mapPlace: ZMapPlaceSchema.nullable(),
    place: ZPlaceSchema,
    sources: z.array(ZSourceSchema),
    categories: z.array(ZCategorySchema),
    commentaries: z.array(ZCommentarySchema),
    averageGrade: z.number(),
    totalGrades: z.number(),
    trendingScore: z.number(),
    performers: z.array(ZPerformerShortSchema),
  })
  .meta({ id: 'Event' });
export type TEvent = z.infer<typeof ZEventSchema>;

export const ZMapPlaceWithEventsSchema = ZMapPlaceSchema.extend({ events: z.array(ZEventSchema) }).meta({
  id: 'MapPlaceWithEvents',
});
export type TMapPlaceWithEvents = z.infer<typeof ZMapPlaceWithEventsSchema>;

export const ZPerformerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    squareImage: z.string().nullable(),
    rectangleImage: z.string().nullable(),
    webImage: z.string().nullable(),
    events: z.array(ZEventSchema),
  })
  .meta({ id: 'Performer' });
export type TPerformer = z.infer<typeof ZPerformerSchema>;

export const ZClickSchema = z
  .object({
    createdAt: ZIsoTimestampSchema,
    link: z.string(),
    linkId: z.number().int(),
    eventId: z.number().int(),
    eventName: z.string(),
    source: z.string(),
    commission: z.number(),
  })
  .meta({ id: 'Click' });
export type TClick = z.infer<typeof ZClickSchema>;
