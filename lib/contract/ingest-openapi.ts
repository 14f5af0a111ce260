import { z } from 'zod';
import { INGEST_BODY_LIMIT, INGEST_PREFIX, ZIngestSummarySchema, ZSourceRecordSchema } from './ingest';

type JsonSchema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/** A zod schema as an OpenAPI component reference (its named parts added to `components`). */
function componentOf(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' })).replaceAll('"#/$defs/', `"${REF_PREFIX}`),
  ) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(json.$defs ?? {})) components[name] ??= def;
  delete json.$defs;
  delete json.$schema;
  return json;
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: `${REF_PREFIX}Problem` } } },
});

const EXAMPLE_RECORD = {
  id: 'PL-2027-4410',
  name: 'Les Nuits de Fourvière : Ben Harper',
  dates: [{ start: '2027-03-13T21:00', end: '2027-03-13T23:30' }],
  venue: {
    name: 'Théâtre antique de Fourvière',
    street: "6 rue de l'Antiquaille",
    postalCode: '69005',
    city: 'Lyon',
    lat: 45.7597,
    lng: 4.8196,
  },
  lowestPrice: 42,
  highestPrice: 58,
  link: 'https://placelibre.example/e/4410',
  categories: ['Concert', 'Rock'],
  performers: ['Ben Harper'],
};

/**
 * The ingest API's part of the OpenAPI document (docs/ingestion.md "HTTP API"): its path, its security scheme (ingest
 * keys, not the partner API's access tokens) and its tag. Its bodies are feeds (NDJSON, iCalendar, JSON-LD), not one
 * JSON object, so it is described here rather than in the operations table.
 */
export function ingestOpenApi(components: Record<string, JsonSchema>) {
  const record = componentOf(ZSourceRecordSchema, 'input', components);
  if (typeof record.$ref !== 'string') components.SourceRecord ??= record;
  const summary = componentOf(ZIngestSummarySchema, 'output', components);
  return {
    tag: {
      name: 'Ingest',
      description: 'Ticketing partners send their feeds here, with an ingest key (not a partner API token).',
    },
    securitySchemes: {
      ingestKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'An ingest key (`emi_…`) made for one ticketing partner by `npm run partner-api -- partners key <name>`.',
      },
    },
    paths: {
      [`${INGEST_PREFIX}/partners/{partner}/feed`]: {
        post: {
          operationId: 'postIngestFeed',
          summary: "Import a ticketing partner's feed",
          description:
            "Upserts the feed's source records by (partner, the partner's own id): unchanged records change nothing, " +
            'changed ones update their event, new ones create an event or merge into the same event sold by another ' +
            'partner. NDJSON is streamed (no total size limit: records are imported in batches of 500 while the body ' +
            `arrives); iCalendar and JSON-LD bodies are read whole, up to ${INGEST_BODY_LIMIT} bytes. A malformed ` +
            'record is listed in `rejected` with its line, VEVENT or item number while the rest imports; a body that ' +
            'is not the format it claims is a 422 and nothing is written. Dates without an offset are read in the ' +
            "partner's time zone (`floatingTimeZone`). The key's partner must be `{partner}`.",
          tags: ['Ingest'],
          security: [{ ingestKey: [] }],
          parameters: [
            {
              name: 'partner',
              in: 'path',
              required: true,
              description: "The partner's name, as registered (`partners add`).",
              schema: { type: 'string', minLength: 1, maxLength: 100 },
              example: 'PlaceLibre',
            },
            {
              name: 'full',
              in: 'query',
              required: false,
              description:
                "`true`: the feed is the partner's complete current catalogue: its future records it no longer lists " +
                'are withdrawn (an event left without any source is deleted).',
              schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
            },
            {
              name: 'format',
              in: 'query',
              required: false,
              description: 'Overrides the format the media type says.',
              schema: { type: 'string', enum: ['ndjson', 'ical', 'jsonld'] },
            },
          ],
          requestBody: {
            required: true,
            description: 'The feed, in one of these media types.',
            content: {
              'application/x-ndjson': {
                schema: {
                  type: 'string',
                  description: 'One `SourceRecord` JSON object per line (`contentSchema`).',
                  contentSchema: { $ref: `${REF_PREFIX}SourceRecord` },
                },
                example: JSON.stringify(EXAMPLE_RECORD) + '\n',
              },
              'text/calendar': {
                schema: { type: 'string', description: 'RFC 5545: one record per VEVENT.' },
              },
              'application/ld+json': {
                schema: { type: 'string', description: 'schema.org Event nodes (an object, an array or an @graph).' },
              },
              'text/html': {
                schema: {
                  type: 'string',
                  description: 'A page whose `script` elements of type `application/ld+json` hold Events.',
                },
              },
            },
          },
          responses: {
            '200': {
              description: "The import's summary.",
              content: {
                'application/json': {
                  schema: summary,
                  example: {
                    partner: 'PlaceLibre',
                    format: 'ndjson',
                    full: false,
                    records: 3,
                    created: 1,
                    merged: 1,
                    updated: 0,
                    unchanged: 0,
                    withdrawn: 0,
                    deleted: 0,
                    rejected: [{ position: 3, unit: 'line', reason: 'not valid JSON' }],
                    floatingTimeZone: 'Europe/Paris',
                  },
                },
              },
            },
            '400': problem('Invalid query parameters.'),
            '401': {
              ...problem('Missing or unknown ingest key (a partner API access token is not one).'),
              headers: {
                'WWW-Authenticate': {
                  description: 'The authentication challenge: `Bearer realm="ingest"`.',
                  required: true,
                  schema: { type: 'string' },
                },
              },
            },
            '403': problem("The key belongs to another partner: a key writes its own partner's records only."),
            '404': problem('The partner is not registered.'),
            '413': problem(`An iCalendar or JSON-LD body over ${INGEST_BODY_LIMIT} bytes (send NDJSON instead).`),
            '415': problem('Not NDJSON, iCalendar or JSON-LD.'),
            '422': problem('The body is not the format it claims (or a full feed without any valid record).'),
            '503': problem('The store cannot write for now.'),
          },
        },
      },
    },
  };
}
