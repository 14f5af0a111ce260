import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@/lib/contract/openapi';
import type { ServiceContext } from '../context';
import { registerOperation } from '../http/operation-route';

/** The reference page loads only its own bundled assets (no CDN, no validator badge). */
const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

// Generating the document walks every contract schema; it depends only on the public URL.
const documents = new Map<string, { document: Record<string, unknown>; json: string }>();

/**
 * `GET /openapi.json` (the OpenAPI 3.1 document generated from the contract's zod schemas) and `GET /docs`, a
 * browsable reference (Swagger UI served from the package's own files, so it works offline).
 */
export async function registerDocsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  let cached = documents.get(ctx.publicUrl);
  if (!cached) {
    const document = buildOpenApiDocument(ctx.publicUrl);
    cached = { document, json: JSON.stringify(document) };
    documents.set(ctx.publicUrl, cached);
  }
  const { document, json } = cached;

  registerOperation(app, 'openApi', async (_input, _request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json),
  );

  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'Event Data Partner API — reference' },
  });
}
