import { z } from 'zod';
import { ZProblemSchema } from './common';
import {
  ZGetCatalogueRequestSchema,
  ZGetCatalogueResponseSchema,
  ZGetEventsRequestSchema,
  ZGetEventsResponseSchema,
} from './events';
import { ZLoginRequestSchema, ZLoginResponseSchema } from './login';
import {
  ZEventIdParamsSchema,
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

type JsonSchema = Record<string, unknown>;

interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  tag: string;
  auth: boolean;
  status: 200 | 201 | 302;
  /** Where a 302 leads (its response description). */
  redirect?: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  response?: z.ZodType;
  nullable?: boolean;
  errors: number[];
}

/** Every operation of the spec, plus the service's public redirects (tracked links, service links). */
export const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/login',
    summary: 'Get an access token and a refresh token (secret grant or refresh grant)',
    tag: 'Authentication',
    auth: false,
    status: 201,
    body: ZLoginRequestSchema,
    response: ZLoginResponseSchema,
    errors: [400, 401, 413, 415, 429],
  },
  {
    method: 'post',
    path: '/v2/get/events',
    summary: 'Filtered, sorted, paginated events (map or event stream)',
    tag: 'Events',
    auth: true,
    status: 201,
    body: ZGetEventsRequestSchema,
    response: ZGetEventsResponseSchema,
    errors: [400, 401, 413, 415, 429],
  },
  {
    method: 'post',
    path: '/v2/get/catalogue',
    summary: 'Catalogue sync feed: events changed since lastUpdatedAt and the ids that changed state',
    tag: 'Events',
    auth: true,
    status: 201,
    body: ZGetCatalogueRequestSchema,
    response: ZGetCatalogueResponseSchema,
    errors: [400, 401, 410, 413, 415, 429],
  },
  {
    method: 'get',
    path: '/v2/event/{eventId}',
    summary: 'One event (full shape)',
    tag: 'Records',
    auth: true,
    status: 200,
    params: ZEventIdParamsSchema,
    response: ZEventSchema,
    errors: [400, 401, 404, 429],
  },
  {
    method: 'get',
    path: '/v2/g-place/{mapPlaceId}',
    summary: 'One map place with its events',
    tag: 'Records',
    auth: true,
    status: 200,
    params: ZMapPlaceIdParamsSchema,
    response: ZMapPlaceWithEventsSchema,
    errors: [400, 401, 404, 429],
  },
  {
    method: 'get',
    path: '/v2/performer/{performerId}',
    summary: 'One performer with the events they take part in',
    tag: 'Records',
    auth: true,
    status: 200,
    params: ZPerformerIdParamsSchema,
    response: ZPerformerSchema,
    errors: [400, 401, 404, 429],
  },
  {
    method: 'get',
    path: '/v2/search/place',
    summary: 'Find a place by name near a point (null unless an event already took place there)',
    tag: 'Search',
    auth: true,
    status: 200,
    query: ZPlaceSearchQuerySchema,
    response: ZMapPlaceWithEventsSchema,
    nullable: true,
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/v2/search/performer',
    summary: 'Find a performer by name (null unless confidently matched and with at least one event)',
    tag: 'Search',
    auth: true,
    status: 200,
    query: ZPerformerSearchQuerySchema,
    response: ZPerformerSchema,
    nullable: true,
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/v2/search',
    summary: 'Combined search over events, places and performers, for a search bar',
    tag: 'Search',
    auth: true,
    status: 200,
    query: ZSearchQuerySchema,
    response: ZSearchResponseSchema,
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/v2/clicks',
    summary: "The calling client's clicks, oldest first, with commission",
    tag: 'Clicks',
    auth: true,
    status: 200,
    query: ZClicksQuerySchema,
    response: ZClicksResponseSchema,
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/r/{token}',
    summary: 'Tracked link: records a click for the client it was served to and redirects to the ticketing partner',
    tag: 'Clicks',
    auth: false,
    status: 302,
    redirect: 'Redirect to the ticketing partner',
    params: z.object({ token: z.string() }),
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/e/{serviceId}',
    summary: "Service link of an event (its serviceLink): redirects to the event's page in the consumer web app",
    tag: 'Records',
    auth: false,
    status: 302,
    redirect: "Redirect to the event's page in the consumer web app",
    params: ZServiceIdParamsSchema,
    errors: [400, 404],
  },
];

const ERROR_TITLES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing, invalid or expired credentials',
  404: 'Not found',
  410: 'Full resync required',
  413: 'Body too large',
  415: 'Body is not JSON',
  429: 'Too many requests',
};

const REF_PREFIX = '#/components/schemas/';

/**
 * Converts a schema to JSON Schema with its named (`.meta({id})`) parts moved into `components`, so the
 * document references each shared shape once.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  const json = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', `"${REF_PREFIX}`)) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  for (const [name, def] of Object.entries(json.$defs ?? {})) components[name] ??= def;
  delete json.$defs;
  delete json.$schema;
  return json;
}

/** Splits a z.object into OpenAPI parameters of the given location. */
function parametersOf(
  schema: z.ZodObject,
  where: 'query' | 'path',
  components: Record<string, JsonSchema>,
): JsonSchema[] {
  let json = schemaOf(schema, 'input', components);
  if (typeof json.$ref === 'string') json = components[json.$ref.slice(REF_PREFIX.length)] ?? json;
  const { properties = {}, required = [] } = json as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/** The OpenAPI 3.1 document of the Partner API, generated from the contract's zod schemas. */
export function buildOpenApiDocument(serverUrl = '/'): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  schemaOf(ZProblemSchema, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {};
    if (op.status === 302) {
      responses['302'] = {
        description: op.redirect ?? 'Redirect',
        headers: { Location: { schema: { type: 'string' } } },
      };
    } else {
      const body = op.response ? schemaOf(op.response, 'output', components) : {};
      responses[String(op.status)] = {
        description: op.nullable ? 'The match, or null when there is none' : 'Success',
        content: {
          'application/json': { schema: op.nullable ? { anyOf: [body, { type: 'null' }] } : body },
        },
      };
    }
    for (const status of op.errors) {
      responses[String(status)] = {
        description: ERROR_TITLES[status] ?? 'Error',
        content: { 'application/problem+json': { schema: { $ref: REF_PREFIX + 'Problem' } } },
      };
    }
    const parameters = [
      ...(op.params ? parametersOf(op.params, 'path', components) : []),
      ...(op.query ? parametersOf(op.query, 'query', components) : []),
    ];
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        summary: op.summary,
        tags: [op.tag],
        operationId: `${op.method}${op.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
        ...(op.auth ? {} : { security: [] }),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body
          ? {
              requestBody: {
                required: op.path === '/login',
                content: { 'application/json': { schema: schemaOf(op.body, 'input', components) } },
              },
            }
          : {}),
        responses,
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Event Data Partner API',
      version: '1.0.0',
      description:
        'Events, places and performers for partner applications. Every error is RFC 9457 problem+json. ' +
        'Log in with POST /login, then send `Authorization: Bearer <accessToken>`.',
    },
    servers: [{ url: serverUrl }],
    tags: ['Authentication', 'Events', 'Records', 'Search', 'Clicks'].map((name) => ({ name })),
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
