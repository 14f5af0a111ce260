import type {} from 'fastify';
import type { Clock } from './clock';
import type { ServiceMetrics } from './observability/metrics';
import type { CatalogueQueries } from './store/event-index/catalogue-queries';
import type { Store } from './store/port';

/**
 * What every route module receives. Route modules live in `partner-api/routes/<area>.ts` and export
 * `register<Area>Routes(app: FastifyInstance, ctx: ServiceContext): void`; `app.ts` calls each one.
 */
export interface ServiceContext {
  /** The storage port (SQLite or PostgreSQL, chosen by PARTNER_API_DB). */
  store: Store;
  /** The events query and the catalogue feed, answered from this process's EventIndex and the store. */
  catalogue: CatalogueQueries;
  clock: Clock;
  /**
   * Replaces every link marker in serialized event JSON with `clientId`'s tracked link (`{publicUrl}/r/{token}`),
   * already JSON-escaped. Every response that carries events goes through it (docs/design.md §4.7: tracked links).
   */
  renderLinks: (json: string, clientId: string) => string;
  /**
   * `prefix` + pre-serialized event JSON items (each as consecutive UTF-8 chunks) joined by commas + `suffix`, as
   * one UTF-8 Buffer with every link marker rendered for `clientId`: the fast path of the events query and the
   * catalogue (docs/design.md §5).
   */
  renderJsonPage: (prefix: string, items: readonly Buffer[], suffix: string, clientId: string) => Buffer;
  /**
   * The source and client a tracked-link token (`/r/{token}`) was signed for, or null when it is forged or malformed.
   */
  verifyLinkToken: (token: string) => { sourceId: number; clientId: string } | null;
  /** Base URL of this service as clients reach it (tracked links, image URLs), without a trailing slash. */
  publicUrl: string;
  /** Base URL of the consumer web app (event pages at `/events/{id}`), without a trailing slash. */
  appUrl: string;
  /** The Prometheus metrics, when PARTNER_API_METRICS_PORT is set (docs/operations.md). */
  metrics?: ServiceMetrics;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated partner client; set by the bearer-auth hook on every `/v2` route. */
    clientId: string;
  }
  interface FastifyInstance {
    /** `http://host:port` of the metrics server (`/metrics`) when PARTNER_API_METRICS_PORT is set. */
    metricsUrl?: string;
  }
}
