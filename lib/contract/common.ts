import { z } from 'zod';

/** Spec Limits table, in one place so schemas, service and tests agree. */
export const LIMITS = {
  eventsLimitMax: 500,
  catalogueLimitMax: 500,
  clicksLimitMax: 1000,
  /** The spec sets none; 200 lets a results view list a broad word's matches a page at a time (docs/design.md §4.6). */
  searchLimitMax: 200,
  defaultLimit: 100,
  defaultSearchLimit: 10,
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 7 * 24 * 3600,
  liveWindowHours: 3,
  /** Bounds on free text and arrays so a client cannot make the service do unbounded work. */
  maxTextLength: 200,
  maxArrayItems: 100,
} as const;

/**
 * An ISO 8601 date-time as accepted from clients: with `Z`, with an offset, or with none (read as UTC);
 * a bare date is midnight UTC.
 */
export const ZIsoDateInputSchema = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]).meta({
  description: 'ISO 8601 date-time; without an offset it is read as UTC; a bare date is midnight UTC.',
  examples: ['2026-11-22T18:00:00Z'],
});

/** An ISO 8601 UTC timestamp as the service writes it (`Date#toISOString`). */
export const ZIsoTimestampSchema = z.iso.datetime().meta({ examples: ['2026-11-22T17:03:12.345Z'] });

/** `YYYY-MM-DD hh:mm:ss.SSS +hhmm` in the place's time zone. */
export const ZLocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} [+-]\d{4}$/)
  .meta({ examples: ['2026-11-22 20:30:00.000 +0100'] });

export const ZLngSchema = z.number().min(-180).max(180);
export const ZLatSchema = z.number().min(-90).max(90);

/** The one spelling of an id in a URL path: decimal digits, an optional minus, no leading zero (`12`, `-3`). */
export const INTEGER_TEXT = /^(?:0|-?[1-9]\d*)$/;
/** Plain decimal (`2.35`, `-0.5`, `48`): what this project writes into URLs (toDecimalText). */
export const DECIMAL_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
/**
 * Any number JSON accepts (RFC 8259 §6): what a query parameter may carry, as a body may (`1e-7`, what Python prints
 * for small floats, `2.5E3`, `-0`). No hex, no `+`, no spaces, no `Infinity`.
 */
export const JSON_NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A number in plain decimal text (`DECIMAL_TEXT`), as this project writes URLs: `1e-7` becomes `0.0000001`. */
export function toDecimalText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value
    .toFixed(20)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/**
 * A number carried as text in a query string: any spelling JSON accepts for a number, so that a client sends a
 * query value as it would write it in a body (`kind: 'integer'` then checks the value, `1e2` is 100). Coercion
 * (`Number(text)`) would read `''` as 0 and `0x1` or ` 1 ` as 1, and a missing value as NaN; this says "required",
 * "empty" or "not a number" instead, then checks the value with `inner` (range, integer). `spelling: 'digits'` keeps
 * path ids to one spelling (`INTEGER_TEXT`): an id names a record, and one record has one URL.
 */
export function textNumber(kind: 'integer' | 'number', inner: z.ZodNumber, spelling: 'json' | 'digits' = 'json') {
  const pattern = spelling === 'digits' ? INTEGER_TEXT : JSON_NUMBER_TEXT;
  const expected =
    spelling === 'digits'
      ? 'Expected an integer written in plain decimal digits (e.g. 12).'
      : kind === 'integer'
        ? 'Expected an integer written as a JSON number (e.g. 12).'
        : 'Expected a number written as a JSON number (e.g. 2.35 or 1e-7).';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'Required.' : expected) })
    .refine((text) => text !== '', { message: `Empty value. ${expected}`, abort: true })
    .refine((text) => pattern.test(text), { message: expected, abort: true })
    .transform(Number)
    .pipe(inner);
}

/** Longitude/latitude from a query string. */
export const ZQueryLngSchema = textNumber('number', z.number().min(-180).max(180));
export const ZQueryLatSchema = textNumber('number', z.number().min(-90).max(90));

export const ZPageParamsSchema = z.object({
  pageNumber: z.number().int().min(1),
  limit: z.number().int().min(1),
});
export type TPageParams = z.infer<typeof ZPageParamsSchema>;

/** `nextPageParams` is null on the last page and `previousPageParams` null on the first (docs/design.md §4.3). */
export const ZPaginationSchema = z
  .object({
    totalItems: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    perPage: z.number().int().min(1),
    currentPage: z.number().int().min(1),
    nextPageParams: ZPageParamsSchema.nullable(),
    previousPageParams: ZPageParamsSchema.nullable(),
  })
  .meta({ id: 'Pagination' });
export type TPagination = z.infer<typeof ZPaginationSchema>;

/** RFC 9457 problem details; `errors` point at the offending request members. */
export const ZProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ pointer: z.string(), detail: z.string() }))
      .optional()
      .meta({ description: 'JSON pointers (`#/locationFilter/circle/lat`) into the request, with what is wrong.' }),
    requestId: z
      .string()
      .optional()
      .meta({ description: "The request's id (its X-Request-Id header): quote it when reporting a problem." }),
    traceId: z
      .string()
      .optional()
      .meta({ description: 'The W3C trace id of the request, when it is part of a trace.' }),
  })
  .meta({ id: 'Problem' });
export type TProblem = z.infer<typeof ZProblemSchema>;

/** Positive integer ids in paths, in plain decimal digits. */
export const ZIdSchema = textNumber('integer', z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), 'digits');

/** Page number of any paged request. */
export const ZPageNumberSchema = z.number().int().min(1).max(1_000_000);
