import { z } from 'zod';

/*
 * Ingestion (docs/ingestion.md): a source record is what ONE ticketing partner says about ONE event. Every format
 * (iCalendar, schema.org JSON-LD, the project's NDJSON) is read into these records, and only these records enter the
 * catalogue. The NDJSON format is one `ZSourceRecordSchema` object per line; its JSON Schema is generated from this
 * zod schema (scripts/write-ingest-schema.ts → docs/source-record.schema.json).
 */

/**
 * A date-time: ISO 8601 with an offset (`2027-03-14T20:00:00+01:00`, `…Z`) or without one
 * (`2027-03-14T20:00`, read in the record's or the partner's time zone), or a date alone (`2027-03-14`, all day).
 */
const ZDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/,
    'expected an ISO 8601 date or date-time',
  );

export const ZSourceDateSchema = z.strictObject({
  start: ZDateTime,
  /** Default: the start (a date alone: the end of that day). */
  end: ZDateTime.optional(),
});

export const ZSourceVenueSchema = z.strictObject({
  name: z.string().trim().min(1).max(300),
  street: z.string().max(300).optional(),
  postalCode: z.string().max(20).optional(),
  city: z.string().trim().min(1).max(200),
  /** ISO 3166-1 alpha-2; default FR. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  /** The map place (the spec's googlePlace) id, when the partner knows it. */
  mapPlaceId: z.string().min(1).max(200).optional(),
});

export const ZSourceCommissionSchema = z.strictObject({
  fix: z.number().min(0).optional(),
  perTicket: z.number().min(0).optional(),
  perCart: z.number().min(0).optional(),
  rate: z.number().min(0).max(1).optional(),
});

export const SOURCE_STATUSES = ['scheduled', 'cancelled', 'soldOut'] as const;

export const ZSourceRecordSchema = z
  .strictObject({
    /** The partner's own id of the event (stable across its feeds): the upsert key with the partner's name. */
    id: z.string().trim().min(1).max(300),
    name: z.string().trim().min(1).max(500),
    description: z.string().max(20_000).optional(),
    /** One or several dates (a recurring event is one event with several dates). */
    dates: z.array(ZSourceDateSchema).min(1).max(1000),
    /** IANA zone for dates without an offset; default the partner's (Europe/Paris unless configured). */
    timeZone: z.string().min(1).max(64).optional(),
    venue: ZSourceVenueSchema,
    /** Euros; absent or null = unknown. */
    lowestPrice: z.number().min(0).nullable().optional(),
    highestPrice: z.number().min(0).nullable().optional(),
    /** The partner's ticketing page for this event. */
    link: z.url({ protocol: /^https?$/ }).max(2000),
    isGoodDeal: z.boolean().optional(),
    /** Default: the partner's commission terms. */
    commission: ZSourceCommissionSchema.optional(),
    images: z
      .array(z.url({ protocol: /^https?$/ }))
      .max(20)
      .optional(),
    performers: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
    /**
     * Category keys of the spec (`musique`, `musique/jazz`), schema.org Event types (`MusicEvent`), iCalendar
     * CATEGORIES or free text in French or English; what maps onto nothing is dropped.
     */
    categories: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    /** Default scheduled. */
    status: z.enum(SOURCE_STATUSES).optional(),
    /**
     * An identifier of the event itself that every partner selling it uses alike (schema.org `sameAs`: the URL of the
     * event's official page, or an operator's own URN): records with the same `sameAs` are one event, records with
     * different ones never are, whatever their venue, start and title (docs/ingestion.md "Matching").
     */
    sameAs: z.string().trim().min(1).max(2000).optional(),
  })
  .meta({ id: 'SourceRecord', description: 'What one ticketing partner says about one event (docs/ingestion.md).' });
export type TSourceRecord = z.infer<typeof ZSourceRecordSchema>;

export const INGEST_FORMATS = ['ndjson', 'ical', 'jsonld'] as const;
export type TIngestFormat = (typeof INGEST_FORMATS)[number];

export const ZIngestRejectionSchema = z
  .object({
    /** 1-based line (NDJSON), VEVENT or JSON-LD item number (iCalendar, JSON-LD). */
    position: z.number().int().min(1),
    /** `line`, `vevent` or `item`. */
    unit: z.enum(['line', 'vevent', 'item']),
    recordId: z.string().optional(),
    reason: z.string(),
  })
  .meta({ id: 'IngestRejection' });
export type TIngestRejection = z.infer<typeof ZIngestRejectionSchema>;

export const ZIngestSummarySchema = z
  .object({
    partner: z.string(),
    format: z.enum(INGEST_FORMATS),
    full: z.boolean(),
    records: z.number().int().min(0).meta({ description: 'Records read (accepted or rejected).' }),
    created: z.number().int().min(0).meta({ description: 'Records that created a new event.' }),
    merged: z.number().int().min(0).meta({ description: 'New records merged into an existing event.' }),
    updated: z.number().int().min(0).meta({ description: 'Known records whose content changed.' }),
    unchanged: z.number().int().min(0),
    withdrawn: z.number().int().min(0).meta({ description: 'Sources a full feed no longer lists (future events).' }),
    deleted: z.number().int().min(0).meta({ description: 'Events deleted because no source remained.' }),
    rejected: z.array(ZIngestRejectionSchema),
    /** The zone dates without an offset were read in, when any was. */
    floatingTimeZone: z.string().nullable(),
  })
  .meta({ id: 'IngestSummary' });
export type TIngestSummary = z.infer<typeof ZIngestSummarySchema>;

/** The ingest API's path prefix: its own credentials (ingest keys), apart from the partner API's `/v2`. */
export const INGEST_PREFIX = '/ingest/v1';

/** Largest iCalendar or JSON-LD body the ingest API takes (10 MiB); NDJSON is streamed, with no total limit. */
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

/** Request media types of the ingest API and the format each one means. */
export const INGEST_MEDIA_TYPES: Record<string, TIngestFormat> = {
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'text/calendar': 'ical',
  'application/ld+json': 'jsonld',
  'application/json': 'jsonld',
  'text/html': 'jsonld',
};
