import { z } from 'zod';
import {
  EXAMPLE_CLICKS_RESPONSE,
  EXAMPLE_EVENT,
  EXAMPLE_GET_CATALOGUE_RESPONSE,
  EXAMPLE_GET_EVENTS_RESPONSE,
  EXAMPLE_LOGIN_RESPONSE,
  EXAMPLE_MAP_PLACE,
  EXAMPLE_PERFORMER,
  EXAMPLE_SEARCH_RESPONSE,
} from './examples';
import {
  ZGetCatalogueRequestSchema,
  ZGetCatalogueResponseSchema,
  ZGetEventsRequestSchema,
  ZGetEventsResponseSchema,
} from './events';
import { ZLoginRequestSchema, ZLoginResponseSchema } from './login';
import {
  ZEventIdParamsSchema,
  ZImageParamsSchema,
  ZLinkTokenParamsSchema,
  ZMapPlaceIdParamsSchema,
  ZPerformerIdParamsSchema,
  ZServiceIdParamsSchema,
} from './params';
import { ZEventSchema, ZMapPlaceWithEventsSchema, ZPerformerSchema } from './records';
import {
  ZClicksQuerySchema,
  ZClicksResponseSchema,
  ZPerformerSearchQuerySchema,
  ZPlaceSearchQuerySchema,
  ZSearchQuerySchema,
  ZSearchResponseSchema,
} from './search';

/*
 * The one table of the service's operations. The service registers its routes from it (method, path, and the
 * schemas each request part is validated with), the OpenAPI document is generated from it, and the web app's typed
 * client takes each call's method, path and response schema from it. A test checks that the routes the service
 * registers and the operations listed here are the same set.
 */

/** A response header the document declares (name → description and schema). */
export interface HeaderDoc {
  description: string;
  schema: Record<string, unknown>;
  required?: boolean;
}

/** Headers of the error answers, by status. */
export const ERROR_HEADERS: Partial<Record<number, Record<string, HeaderDoc>>> = {
  401: {
    'WWW-Authenticate': {
      description:
        'The authentication challenge (RFC 9110 §11.6.1): `Bearer realm="partner-api"`, with `error="invalid_token"` ' +
        'when a token was sent but is invalid or expired.',
      schema: { type: 'string', examples: ['Bearer realm="partner-api", error="invalid_token"'] },
      required: true,
    },
  },
  429: {
    'Retry-After': {
      description: 'Seconds to wait before retrying.',
      schema: { type: 'integer', format: 'int32', minimum: 1, examples: [30] },
      required: true,
    },
  },
  503: {
    'Retry-After': {
      description: 'Seconds to wait before retrying: the store cannot accept writes for now (disk full, read-only).',
      schema: { type: 'integer', format: 'int32', minimum: 1, examples: [30] },
      required: true,
    },
  },
};

const NO_STORE_HEADERS: Record<string, HeaderDoc> = {
  'Cache-Control': {
    description: 'Always `no-store`: tokens must not be cached.',
    schema: { type: 'string', const: 'no-store' },
    required: true,
  },
};

export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** OpenAPI path template (`/v2/event/{eventId}`). */
  path: string;
  summary: string;
  /** What the operation does, its rules and defaults: the reference page shows it. */
  description: string;
  tag: 'Authentication' | 'Events' | 'Records' | 'Search' | 'Clicks' | 'Service';
  /** Needs `Authorization: Bearer <accessToken>`. */
  auth: boolean;
  params?: z.ZodObject;
  /** Query schema; operations without one refuse any query parameter. */
  query?: z.ZodType;
  /** Examples of the query parameters (name → value as sent). */
  queryExample?: Record<string, string>;
  body?: { schema: z.ZodType; required: boolean; example: unknown };
  success: {
    status: 200 | 201 | 302;
    description: string;
    /** JSON body schema; absent for a redirect or a non-JSON body. */
    schema?: z.ZodType;
    /** The body is the schema's value or JSON `null`. */
    nullable?: boolean;
    /** A non-JSON media type and its body schema (an SVG image). */
    mediaType?: { type: string; schema: Record<string, unknown>; example: string };
    example?: unknown;
    headers?: Record<string, HeaderDoc>;
  };
  /** Error statuses the operation can answer (each a problem+json). */
  errors: readonly number[];
}

/**
 * Query of the public links and images, which take none but ignore any: a social network or a cache-buster appends
 * its own (`fbclid`, `v`), and refusing those would lose a reader's click.
 */
export const ZIgnoredQuerySchema = z.record(z.string(), z.unknown());

const EXAMPLE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" ' +
  'aria-label="Guichet Lumière"><rect width="100%" height="100%" fill="#1565c0"/></svg>';

const BODY_ERRORS = [400, 401, 413, 415, 429] as const;
/** A path parameter longer than the router takes is a 414. */
const GET_ERRORS = [400, 401, 404, 414, 429] as const;
const SEARCH_ERRORS = [400, 401, 429] as const;

/** Every operation of the spec, the service's public redirects and images, health and the document itself. */
export const OPERATIONS = {
  login: {
    operationId: 'postLogin',
    method: 'POST',
    path: '/login',
    summary: 'Get an access token and a refresh token',
    description:
      'Secret grant (`grantAccess: "clientSecret"` with `clientId` and `clientSecret`) or refresh grant ' +
      '(`grantAccess: "refreshToken"` with `refreshToken`). Every login returns a new refresh token; a refresh ' +
      'token is single-use, and presenting a used one revokes every token of that login. The access token lasts ' +
      '3600 s, the refresh token 7 days. Wrong credentials get the same 401 whichever part was wrong. Throttled per ' +
      'IP and per client id (429 with Retry-After).',
    tag: 'Authentication',
    auth: false,
    body: {
      schema: ZLoginRequestSchema,
      required: true,
      example: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
    },
    success: {
      status: 201,
      description: 'A new access token and refresh token.',
      schema: ZLoginResponseSchema,
      example: EXAMPLE_LOGIN_RESPONSE,
      headers: NO_STORE_HEADERS,
    },
    errors: [...BODY_ERRORS, 503],
  },
  getEvents: {
    operationId: 'postV2GetEvents',
    method: 'POST',
    path: '/v2/get/events',
    summary: 'Filtered, sorted, paginated events',
    description:
      'Events whose dates overlap the date window (default: now to now + 7 days), inside `locationFilter` ' +
      '(`circle` or `rectangle`, not both; a rectangle with `minLng > maxLng` crosses the antimeridian; ' +
      '`minLat ≤ maxLat`), of any of `categories` and `sources`, with prices intersecting `pricesFilter`. ' +
      '`datesFilter` is `{isLive}` or `{minDate, maxDate}` with `minDate ≤ maxDate`. `orderBy: "distance"` needs ' +
      '`orderByDistance`. Defaults: `limit` 100 (1–500), `pageNumber` 1; a page past the end is empty. The body ' +
      'may be absent (all defaults), but not JSON `null`.',
    tag: 'Events',
    auth: true,
    body: {
      schema: ZGetEventsRequestSchema,
      required: false,
      example: {
        locationFilter: { rectangle: { minLng: 2.25, maxLng: 2.42, minLat: 48.81, maxLat: 48.9 } },
        datesFilter: { minDate: '2026-06-15T00:00:00Z', maxDate: '2026-06-22T00:00:00Z' },
        categories: ['musique'],
        orderBy: 'startDate',
        limit: 100,
      },
    },
    success: {
      status: 201,
      description: 'One page of events.',
      schema: ZGetEventsResponseSchema,
      example: EXAMPLE_GET_EVENTS_RESPONSE,
    },
    errors: BODY_ERRORS,
  },
  getCatalogue: {
    operationId: 'postV2GetCatalogue',
    method: 'POST',
    path: '/v2/get/catalogue',
    summary: 'Catalogue sync feed',
    description:
      'Without `lastUpdatedAt`: a full snapshot of current events. With it: events updated after it (ordered by ' +
      '`updatedAt`, `id`) and, on page 1, the ids of events cancelled, made unavailable, passed or deleted since. ' +
      'Ask page 1 again with the largest `updatedAt` received to lose nothing. A `lastUpdatedAt` older than the ' +
      'deletions kept on record (30 days) answers 410: fetch again without it. The body may be absent, but not ' +
      'JSON `null`.',
    tag: 'Events',
    auth: true,
    body: {
      schema: ZGetCatalogueRequestSchema,
      required: false,
      example: { lastUpdatedAt: '2026-06-15T09:00:00Z', trackAvailabilities: true, limit: 500 },
    },
    success: {
      status: 201,
      description: 'One page of the feed.',
      schema: ZGetCatalogueResponseSchema,
      example: EXAMPLE_GET_CATALOGUE_RESPONSE,
    },
    errors: [400, 401, 410, 413, 415, 429],
  },
  getEvent: {
    operationId: 'getV2EventEventId',
    method: 'GET',
    path: '/v2/event/{eventId}',
    summary: 'One event',
    description: 'The event in full shape (commentaries and performers included), its links tracked for the caller.',
    tag: 'Records',
    auth: true,
    params: ZEventIdParamsSchema,
    success: { status: 200, description: 'The event.', schema: ZEventSchema, example: EXAMPLE_EVENT },
    errors: GET_ERRORS,
  },
  getMapPlace: {
    operationId: 'getV2GPlaceMapPlaceId',
    method: 'GET',
    path: '/v2/g-place/{mapPlaceId}',
    summary: 'One map place with its events',
    description:
      'The map place with its events: upcoming and running ones soonest first, then past ones most recent first, ' +
      'at most 100.',
    tag: 'Records',
    auth: true,
    params: ZMapPlaceIdParamsSchema,
    success: {
      status: 200,
      description: 'The map place.',
      schema: ZMapPlaceWithEventsSchema,
      example: EXAMPLE_MAP_PLACE,
    },
    errors: GET_ERRORS,
  },
  getPerformer: {
    operationId: 'getV2PerformerPerformerId',
    method: 'GET',
    path: '/v2/performer/{performerId}',
    summary: 'One performer with their events',
    description:
      'The performer with the events they take part in: upcoming and running ones soonest first, then past ones ' +
      'most recent first, at most 100.',
    tag: 'Records',
    auth: true,
    params: ZPerformerIdParamsSchema,
    success: { status: 200, description: 'The performer.', schema: ZPerformerSchema, example: EXAMPLE_PERFORMER },
    errors: GET_ERRORS,
  },
  searchPlace: {
    operationId: 'getV2SearchPlace',
    method: 'GET',
    path: '/v2/search/place',
    summary: 'Find a place by name near a point',
    description:
      'The map place of that name (case- and accent-insensitive) nearest the point, with its events; JSON `null` ' +
      'unless an event already took place there. `name` must not be blank; `lng` and `lat` are required.',
    tag: 'Search',
    auth: true,
    query: ZPlaceSearchQuerySchema,
    queryExample: { name: 'Cave à jazz des Carmes', lng: '7.24', lat: '43.72' },
    success: {
      status: 200,
      description: 'The place, or `null` when there is none.',
      schema: ZMapPlaceWithEventsSchema,
      nullable: true,
      example: EXAMPLE_MAP_PLACE,
    },
    errors: SEARCH_ERRORS,
  },
  searchPerformer: {
    operationId: 'getV2SearchPerformer',
    method: 'GET',
    path: '/v2/search/performer',
    summary: 'Find a performer by name',
    description:
      'The performer of exactly that name (case- and accent-insensitive), with their events; JSON `null` unless ' +
      'one performer is confidently matched and has at least one event (homonyms answer `null`). `name` must not ' +
      'be blank.',
    tag: 'Search',
    auth: true,
    query: ZPerformerSearchQuerySchema,
    queryExample: { name: 'Les Voyageurs' },
    success: {
      status: 200,
      description: 'The performer, or `null` when there is none.',
      schema: ZPerformerSchema,
      nullable: true,
      example: EXAMPLE_PERFORMER,
    },
    errors: SEARCH_ERRORS,
  },
  search: {
    operationId: 'getV2Search',
    method: 'GET',
    path: '/v2/search',
    summary: 'Combined search for a search bar',
    description:
      'Events, places and performers matching `search` (case- and accent-insensitive, prefix-aware), ranked by ' +
      'text relevance, then proximity to (`lng`, `lat`) — given together or not at all — then how soon the event ' +
      'is. `type` is a comma-separated subset of `events,places,performers` (absent: all); `limit` 1–50, default ' +
      '10. `search` must not be blank.',
    tag: 'Search',
    auth: true,
    query: ZSearchQuerySchema,
    queryExample: { search: 'jazz', lng: '2.35', lat: '48.85', type: 'events,places', limit: '10' },
    success: {
      status: 200,
      description: 'The matches, best first.',
      schema: ZSearchResponseSchema,
      example: EXAMPLE_SEARCH_RESPONSE,
    },
    errors: SEARCH_ERRORS,
  },
  getClicks: {
    operationId: 'getV2Clicks',
    method: 'GET',
    path: '/v2/clicks',
    summary: "The calling client's clicks",
    description:
      "The calling client's clicks on tracked links created after `minDate`, oldest first, with the commission " +
      'each earns (in euros). `limit` 1–1000, default 100; `pageNumber` default 1.',
    tag: 'Clicks',
    auth: true,
    query: ZClicksQuerySchema,
    queryExample: { minDate: '2026-06-01T00:00:00Z', limit: '100', pageNumber: '1' },
    success: {
      status: 200,
      description: 'One page of clicks.',
      schema: ZClicksResponseSchema,
      example: EXAMPLE_CLICKS_RESPONSE,
    },
    errors: SEARCH_ERRORS,
  },
  followLink: {
    operationId: 'getRToken',
    method: 'GET',
    path: '/r/{token}',
    summary: 'Follow a tracked link',
    description:
      'Every `sources[].link` served points here. Records a click for the client the link was served to and ' +
      'redirects to the ticketing partner. A forged or altered token answers 404 and records nothing. Throttled ' +
      'per IP. Query parameters are ignored.',
    tag: 'Clicks',
    auth: false,
    params: ZLinkTokenParamsSchema,
    query: ZIgnoredQuerySchema,
    success: {
      status: 302,
      description: 'Redirect to the ticketing partner.',
      headers: {
        Location: {
          description: "The ticketing partner's page.",
          required: true,
          schema: { type: 'string', format: 'uri' },
        },
        'Cache-Control': {
          description: 'Always `no-store`: every follow is a click.',
          schema: { type: 'string', const: 'no-store' },
        },
      },
    },
    errors: [400, 404, 414, 429, 503],
  },
  followServiceLink: {
    operationId: 'getEServiceId',
    method: 'GET',
    path: '/e/{serviceId}',
    summary: "Follow an event's service link",
    description:
      "Every event's `serviceLink` points here: redirects to the event's page in the consumer web app. Query " +
      'parameters are ignored.',
    tag: 'Records',
    auth: false,
    params: ZServiceIdParamsSchema,
    query: ZIgnoredQuerySchema,
    success: {
      status: 302,
      description: "Redirect to the event's page in the consumer web app.",
      headers: {
        Location: { description: "The event's page.", required: true, schema: { type: 'string', format: 'uri' } },
      },
    },
    errors: [400, 404, 414],
  },
  getImage: {
    operationId: 'getImagesKindFile',
    method: 'GET',
    path: '/images/{kind}/{file}',
    summary: 'A generated image',
    description:
      'Every image URL of the catalogue points here: an SVG drawn from the record (its name, its category colour), ' +
      'the same for the same path. Public, cacheable for a day. Query parameters are ignored.',
    tag: 'Service',
    auth: false,
    params: ZImageParamsSchema,
    query: ZIgnoredQuerySchema,
    success: {
      status: 200,
      description: 'The image.',
      mediaType: { type: 'image/svg+xml', schema: { type: 'string' }, example: EXAMPLE_SVG },
      headers: {
        'Cache-Control': { description: 'Cacheable for a day.', schema: { type: 'string' } },
      },
    },
    errors: [400, 404, 414],
  },
  health: {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    summary: 'Liveness',
    description: 'Answers as long as the process serves requests.',
    tag: 'Service',
    auth: false,
    success: {
      status: 200,
      description: 'The service is up.',
      schema: z.object({ status: z.literal('ok') }),
      example: { status: 'ok' },
    },
    errors: [400],
  },
  ready: {
    operationId: 'getReady',
    method: 'GET',
    path: '/ready',
    summary: 'Readiness',
    description:
      'Ready when the store answers a read and accepts a (tiny) write; the answer is reused for 2 s. A full disk or a ' +
      'read-only database keeps reads working but refuses logins: take the instance out of rotation, or alert.',
    tag: 'Service',
    auth: false,
    success: {
      status: 200,
      description: 'The store reads and writes.',
      schema: z.object({
        status: z.literal('ready'),
        checks: z.object({ read: z.literal('ok'), write: z.literal('ok') }),
      }),
      example: { status: 'ready', checks: { read: 'ok', write: 'ok' } },
    },
    errors: [400, 503],
  },
  openApi: {
    operationId: 'getOpenapiJson',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the service, generated from its contract.',
    tag: 'Service',
    auth: false,
    success: {
      status: 200,
      description: 'The OpenAPI document.',
      schema: z.looseObject({ openapi: z.string() }),
      example: { openapi: '3.1.0' },
    },
    errors: [400],
  },
} as const satisfies Record<string, ContractOperation>;

export type OperationName = keyof typeof OPERATIONS;

/** The operations as a list (in the table's order). */
export const OPERATION_LIST: readonly ContractOperation[] = Object.values(OPERATIONS);

/** `/v2/event/{eventId}` → `/v2/event/:eventId` (Fastify's route syntax). */
export function routePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Query schema of operations that take none: any parameter is unknown, hence refused. */
export const ZNoQuerySchema = z.strictObject({});
