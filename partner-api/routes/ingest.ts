import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INGEST_BODY_LIMIT,
  INGEST_FORMATS,
  INGEST_MEDIA_TYPES,
  INGEST_PREFIX,
  type TIngestFormat,
} from '@/lib/contract/ingest';
import type { ServiceContext } from '@/partner-api/context';
import { ProblemError } from '@/partner-api/http/problem';
import { FormatError } from '@/partner-api/ingest/formats/items';
import { readNdjsonStream } from '@/partner-api/ingest/formats/ndjson';
import { ImportRefusedError, importItems, UnknownPartnerError } from '@/partner-api/ingest/import';
import { partnerOfIngestKey } from '@/partner-api/ingest/ingest-keys';
import { readFeed } from '@/partner-api/ingest/read-feed';

const CHALLENGE = 'Bearer realm="ingest"';

async function ingestPartner(request: FastifyRequest, ctx: ServiceContext): Promise<string> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) {
    throw new ProblemError(401, 'An ingest key is required (Authorization: Bearer <ingest key>).', undefined, {
      'www-authenticate': CHALLENGE,
    });
  }
  const partner = await partnerOfIngestKey(ctx.store.ingest, match[1] as string);
  if (!partner) {
    // Partner API access tokens are not ingest keys: they are refused here like any unknown key.
    throw new ProblemError(401, 'This ingest key is not valid.', undefined, {
      'www-authenticate': `${CHALLENGE}, error="invalid_token"`,
    });
  }
  return partner;
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The ingest API (docs/ingestion.md "HTTP API"): `POST /ingest/v1/partners/{partner}/feed` takes a partner's feed as
 * NDJSON (streamed: records are imported while the body arrives), iCalendar or JSON-LD (whole bodies up to
 * INGEST_BODY_LIMIT), with an ingest key of that partner. `?full=true` makes it the partner's complete feed;
 * `?format=` overrides the media type. Answers the import's summary.
 */
export async function registerIngestRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await app.register(
    async (scope) => {
      // This scope only: the partner API stays JSON-only.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(['application/x-ndjson', 'application/jsonl'], (_request, payload, done) => {
        done(null, payload);
      });
      scope.addContentTypeParser(
        ['text/calendar', 'application/ld+json', 'application/json', 'text/html'],
        { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
        (_request, body, done) => {
          done(null, body);
        },
      );
      scope.post<{ Params: { partner: string }; Querystring: Record<string, string | undefined> }>(
        '/partners/:partner/feed',
        { bodyLimit: INGEST_BODY_LIMIT },
        async (request, reply) => {
          const partner = await ingestPartner(request, ctx);
          if (request.params.partner !== partner) {
            throw new ProblemError(403, `This ingest key writes the records of "${partner}" only.`);
          }
          const { format: formatParam, full: fullParam, ...unknown } = request.query;
          const errors = Object.keys(unknown).map((name) => ({ pointer: `#/${name}`, detail: 'Unknown parameter.' }));
          if (formatParam !== undefined && !(INGEST_FORMATS as readonly string[]).includes(formatParam)) {
            errors.push({ pointer: '#/format', detail: `One of ${INGEST_FORMATS.join(', ')}.` });
          }
          if (fullParam !== undefined && fullParam !== 'true' && fullParam !== 'false') {
            errors.push({ pointer: '#/full', detail: 'true or false.' });
          }
          if (errors.length > 0) throw new ProblemError(400, 'The query parameters are invalid.', errors);
          const type = mediaType(request);
          const format = (formatParam as TIngestFormat | undefined) ?? INGEST_MEDIA_TYPES[type];
          if (!format) throw new ProblemError(415, `Send NDJSON, iCalendar or JSON-LD, not "${type}".`);
          try {
            const body = request.body as Readable | string;
            const items =
              typeof body === 'string'
                ? readFeed(body, format, { html: type === 'text/html' })
                : format === 'ndjson'
                  ? readNdjsonStream(body)
                  : readFeed(await streamText(body), format);
            const summary = await importItems(ctx.store, items, {
              partner,
              format,
              full: fullParam === 'true',
              nowMs: ctx.clock(),
            });
            return reply.code(200).send(summary);
          } catch (error) {
            if (error instanceof FormatError) {
              throw new ProblemError(
                422,
                `This is not a valid ${format} feed: ${error.message}. Nothing was imported.`,
              );
            }
            if (error instanceof ImportRefusedError) throw new ProblemError(422, error.message);
            if (error instanceof UnknownPartnerError) throw new ProblemError(404, error.message);
            throw error;
          }
        },
      );
    },
    { prefix: INGEST_PREFIX },
  );
}

/** A streamed body read whole (an NDJSON media type sent with `?format=` of another format), within the limit. */
async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > INGEST_BODY_LIMIT) throw new ProblemError(413, 'The request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
