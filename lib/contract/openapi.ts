import { z } from 'zod';
import { ZProblemSchema } from './common';
import { ingestOpenApi } from './ingest-openapi';
import {
  ERROR_HEADERS,
  OPERATION_LIST,
  ZIgnoredQuerySchema,
  type ContractOperation,
  type HeaderDoc,
} from './operations';

type JsonSchema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';
const INT32_MAX = 2_147_483_647;

/** Descriptions of the parameters whose schema carries none. */
const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  lng: 'Longitude in degrees (−180 to 180), written as a JSON number (`2.35`, `1e-7`).',
  lat: 'Latitude in degrees (−90 to 90), written as a JSON number (`48.85`, `1e-7`).',
  limit: 'Items per page.',
  pageNumber: 'The page, from 1.',
  minDate: 'Only clicks created after this instant (ISO 8601; without an offset it is UTC).',
  name: 'The name to look for (1–200 characters, not blank).',
  type:
    'What to look for: a comma-separated subset of `events,places,performers` (the parameter repeated, ' +
    '`type=events&type=places`, is accepted too); absent means all.',
  eventId: 'The event id.',
  performerId: 'The performer id.',
  serviceId: "The event's service id (as in its `serviceLink`).",
  mapPlaceId: 'The map place id.',
  token: 'The signed link token, as served in `sources[].link`.',
  kind: 'What the image belongs to.',
  file: '`<id>-<variant>.svg`.',
};

/** What each error status means for every operation that can answer it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `errors` points at each offending member (body, query or path parameter).',
  401: 'Missing, invalid or expired credentials.',
  404: 'No such record.',
  410: 'Full resync required: fetch again without `lastUpdatedAt`.',
  413: 'Body too large.',
  414: 'A path parameter is too long: `errors` names it.',
  415: 'Body is not JSON (`Content-Type: application/json`).',
  429: 'Too many requests; retry after `Retry-After` seconds.',
};

/** An example problem per status, as the service writes them. */
const ERROR_EXAMPLES: Record<number, JsonSchema> = {
  400: {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'The request body is invalid.',
    errors: [{ pointer: '#/locationFilter/circle/lat', detail: 'Too big: expected number to be <=90' }],
  },
  401: {
    type: 'about:blank',
    title: 'Unauthorized',
    status: 401,
    detail: 'A bearer access token is required (Authorization: Bearer <accessToken>).',
  },
  404: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Event 12 was not found.' },
  410: {
    type: 'about:blank',
    title: 'Gone',
    status: 410,
    detail: 'Full resync required: deletions after lastUpdatedAt are no longer on record (they are kept 30 days).',
    errors: [{ pointer: '#/lastUpdatedAt', detail: 'Before a deletion that is no longer on record (kept 30 days).' }],
  },
  413: { type: 'about:blank', title: 'Content Too Large', status: 413, detail: 'The request body is too large.' },
  414: {
    type: 'about:blank',
    title: 'URI Too Long',
    status: 414,
    detail: 'A path segment of the URL is too long.',
    errors: [{ pointer: '#/mapPlaceId', detail: 'Longer than 1024 characters.' }],
  },
  415: {
    type: 'about:blank',
    title: 'Unsupported Media Type',
    status: 415,
    detail: 'The request body must be JSON (Content-Type: application/json).',
  },
  429: { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Too many requests; retry later.' },
};

/** zod's JSON Schema for `z.never()`: matches nothing. */
function isNever(node: object): boolean {
  const keys = Object.keys(node);
  const not = (node as { not?: unknown }).not;
  return keys.length === 1 && keys[0] === 'not' && !!not && typeof not === 'object' && Object.keys(not).length === 0;
}

/**
 * Adds what zod's JSON Schema leaves out and a code generator needs: `format: int32`/`int64` on integers (ids are
 * int64: any safe integer), found by their bounds; and `false` for a member that must be absent (zod's `z.never()`,
 * `{not: {}}`: the same in JSON Schema, but openapi-typescript types only `false` as `never`).
 */
function refine(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(refine);
  if (!node || typeof node !== 'object') return node;
  if (isNever(node)) return false;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'const' || key === 'examples' ? value : refine(value);
  if (out.type === 'integer' && out.format === undefined) {
    const max = typeof out.maximum === 'number' ? out.maximum : Infinity;
    const min = typeof out.minimum === 'number' ? out.minimum : -Infinity;
    out.format = max <= INT32_MAX && min >= -INT32_MAX - 1 ? 'int32' : 'int64';
  }
  return out;
}

/**
 * Converts a schema to JSON Schema with its named (`.meta({id})`) parts moved into `components`, so the
 * document references each shared shape once.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  const json = refine(
    JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', `"${REF_PREFIX}`)) as unknown,
  ) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(json.$defs ?? {})) components[name] ??= def;
  delete json.$defs;
  delete json.$schema;
  return json;
}

function objectParts(json: JsonSchema, components: Record<string, JsonSchema>) {
  const resolved = typeof json.$ref === 'string' ? (components[json.$ref.slice(REF_PREFIX.length)] ?? json) : json;
  const { properties = {}, required = [] } = resolved as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return { properties, required };
}

/**
 * OpenAPI parameters of a path or query schema. Each parameter is documented as the value it carries (a number, an
 * enum list), which is the parsed side of the schema; whether it is required comes from the side a client sends
 * (a parameter with a default is optional).
 */
function parametersOf(
  schema: z.ZodType,
  where: 'query' | 'path',
  components: Record<string, JsonSchema>,
  examples: Record<string, string> = {},
): JsonSchema[] {
  const output = objectParts(schemaOf(schema, 'output', components), components);
  const input = objectParts(schemaOf(schema, 'input', components), components);
  return Object.entries(output.properties).map(([name, property]) => {
    const { description, ...valueSchema } = property as JsonSchema & { description?: string };
    const isList = valueSchema.type === 'array';
    const example = examples[name];
    return {
      name,
      in: where,
      required: where === 'path' || input.required.includes(name),
      description:
        (typeof description === 'string' ? description : (PARAMETER_DESCRIPTIONS[name] ?? name)) +
        (valueSchema.default === undefined ? '' : ` Default ${JSON.stringify(valueSchema.default)}.`),
      ...(isList ? { style: 'form', explode: false } : {}),
      schema: valueSchema,
      ...(example === undefined ? {} : { example: isList ? example.split(',') : exampleValue(valueSchema, example) }),
    };
  });
}

/** A query example as the typed value its schema describes. */
function exampleValue(schema: JsonSchema, text: string): unknown {
  return schema.type === 'number' || schema.type === 'integer' ? Number(text) : text;
}

/** An example of every path parameter of the table. */
const PATH_EXAMPLES: Record<string, string> = {
  eventId: '32',
  performerId: '7',
  serviceId: '500032',
  mapPlaceId: 'ChIJHIeq4zT3TulbkEulPLXXsfZ',
  token: 'MzIuZGVtbw.c2lnbmF0dXJl',
  kind: 'event',
  file: '32-square.svg',
};

function headersOf(headers: Record<string, HeaderDoc> | undefined): JsonSchema | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      { description: header.description, required: header.required ?? false, schema: header.schema },
    ]),
  );
}

function successResponse(operation: ContractOperation, components: Record<string, JsonSchema>): JsonSchema {
  const { success } = operation;
  const headers = headersOf(success.headers);
  let content: JsonSchema | undefined;
  if (success.mediaType) {
    content = { [success.mediaType.type]: { schema: success.mediaType.schema, example: success.mediaType.example } };
  } else if (success.schema) {
    const body = schemaOf(success.schema, 'output', components);
    content = {
      'application/json': {
        schema: success.nullable ? { anyOf: [body, { type: 'null' }] } : body,
        example: success.example,
      },
    };
  }
  return {
    description: success.description,
    ...(headers ? { headers } : {}),
    ...(content ? { content } : {}),
  };
}

function errorResponse(status: number): JsonSchema {
  const headers = headersOf(ERROR_HEADERS[status]);
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
    ...(headers ? { headers } : {}),
    content: {
      'application/problem+json': { schema: { $ref: REF_PREFIX + 'Problem' }, example: ERROR_EXAMPLES[status] },
    },
  };
}

/** The OpenAPI 3.1 document of the Partner API, generated from the operations table and its zod schemas. */
export function buildOpenApiDocument(serverUrl = '/'): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  schemaOf(ZProblemSchema, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATION_LIST) {
    const responses: Record<string, unknown> = {
      [String(operation.success.status)]: successResponse(operation, components),
    };
    const errors = operation.auth ? [...new Set([...operation.errors, 401])].sort() : operation.errors;
    for (const status of errors) responses[String(status)] = errorResponse(status);
    const parameters = [
      ...(operation.params ? parametersOf(operation.params, 'path', components, PATH_EXAMPLES) : []),
      ...(operation.query ? parametersOf(operation.query, 'query', components, operation.queryExample) : []),
    ];
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method.toLowerCase()]: {
        operationId: operation.operationId,
        summary: operation.summary,
        description: operation.description,
        tags: [operation.tag],
        ...(operation.auth ? {} : { security: [] }),
        // Unknown query parameters are refused everywhere except here (links and images that others append to).
        ...(operation.query === ZIgnoredQuerySchema ? { 'x-query-parameters': 'ignored' } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: operation.body.required,
                description: operation.body.required
                  ? 'A JSON object.'
                  : 'A JSON object; may be absent (every member then takes its default), but not JSON `null`.',
                content: {
                  'application/json': {
                    schema: schemaOf(operation.body.schema, 'input', components),
                    example: operation.body.example,
                  },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }

  // The ingest API: its own path, credentials and tag (lib/contract/ingest-openapi.ts).
  const ingest = ingestOpenApi(components);
  Object.assign(paths, ingest.paths);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Event Data Partner API',
      version: '1.0.0',
      summary: 'Events, places and performers for partner applications.',
      description:
        'Events, places and performers for partner applications. Log in with `POST /login`, then send ' +
        '`Authorization: Bearer <accessToken>`. Every error is RFC 9457 `application/problem+json`; a 400 names ' +
        'each offending member with a JSON pointer. Inputs are strict: unknown body members and query parameters ' +
        'are refused, a number in a query is any JSON number (`2.35`, `1e-7`) and an id in a path plain digits, text is ' +
        'UTF-8. Methods a path does not ' +
        'have answer 405 with `Allow`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Eventmap partner support' },
    },
    servers: [{ url: serverUrl, description: 'This service.' }],
    tags: [
      { name: 'Authentication', description: 'Access and refresh tokens.' },
      { name: 'Events', description: 'Event queries and the catalogue sync feed.' },
      { name: 'Records', description: 'One event, map place or performer.' },
      { name: 'Search', description: 'Search by name, and the search bar.' },
      { name: 'Clicks', description: 'Tracked links and the clicks they record.' },
      { name: 'Service', description: 'Images, health and this document.' },
      ingest.tag,
    ],
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `accessToken` of `POST /login` (valid 3600 s).',
        },
        ...ingest.securitySchemes,
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
