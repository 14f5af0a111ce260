import { z } from 'zod';
import { TRACES_SAMPLERS, type TracesSamplerName } from './observability/sampler-names';

/**
 * The Partner API service's configuration. This is the only module of the service that reads `process.env`
 * (lint enforces it); everything else receives a {@link ServiceConfig}.
 */

const ZOptionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

function ZInteger(min: number, max: number) {
  return ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );
}

const ZFlag = ZOptionalString.pipe(
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .transform((value) => value === '1' || value === 'true' || value === 'yes')
    .optional(),
);

const ZRawServiceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PARTNER_API_PORT: ZInteger(0, 65_535),
  PARTNER_API_HOST: ZOptionalString,
  PARTNER_API_DB: ZOptionalString,
  PARTNER_API_PUBLIC_URL: ZOptionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PARTNER_API_APP_URL: ZOptionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PARTNER_API_TOKEN_SECRET: ZOptionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PARTNER_API_DEMO: ZFlag,
  PARTNER_API_TRUST_PROXY: ZFlag,
  PARTNER_API_RATE_LIMIT_PER_MINUTE: ZInteger(1, 1_000_000),
  PARTNER_API_LOGIN_LIMIT_PER_MINUTE: ZInteger(1, 1_000_000),
  PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: ZInteger(1, 1_000_000),
  PARTNER_API_BODY_LIMIT: ZInteger(1024, 10 * 1024 * 1024),
  PARTNER_API_CHANGE_POLL_MS: ZInteger(10, 60_000),
  PARTNER_API_DB_POOL_SIZE: ZInteger(1, 1_000),
  PARTNER_API_DB_LISTEN: ZFlag,
  PARTNER_API_DB_JSON_CACHE_MB: ZInteger(0, 1_000_000),
  PARTNER_API_REDIS_URL: ZOptionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  PARTNER_API_METRICS_PORT: ZInteger(0, 65_535),
  PARTNER_API_METRICS_HOST: ZOptionalString,
  PARTNER_API_CLOCK_START: ZOptionalString.pipe(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2027-03-14T18:00:00Z' })
      .transform((value) => Date.parse(value))
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: ZOptionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  OTEL_SERVICE_NAME: ZOptionalString,
  // OpenTelemetry's standard sampler keys, read here (not by the SDK) so that a typo stops the start.
  OTEL_TRACES_SAMPLER: ZOptionalString.pipe(
    z.enum(TRACES_SAMPLERS, { error: `must be one of ${TRACES_SAMPLERS.join(', ')}` }).optional(),
  ),
  OTEL_TRACES_SAMPLER_ARG: ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d*\.?\d+$/, 'must be a ratio between 0 and 1')
      .transform(Number)
      .pipe(z.number().min(0).max(1, 'must be a ratio between 0 and 1'))
      .optional(),
  ),
  LOG_LEVEL: ZOptionalString.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
});

export interface RateLimitConfig {
  /**
   * Requests per minute per client on `/v2`. Generous by default: a partner's web app proxies all of its visitors
   * through one client id (the embedded demo's `demo` client included).
   */
  apiPerMinute: number;
  /**
   * Failed secret grants per minute per client id before answers to further wrong secrets are slowed down (never
   * refused: a correct secret always gets in, so an outsider cannot lock the holder out).
   */
  loginPerClientPerMinute: number;
  /** Failed `/login` attempts per minute per IP; beyond it, that IP gets 429 until the minute ends. */
  loginPerIpPerMinute: number;
}

export interface ServiceConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * The store (PARTNER_API_DB): a SQLite file path or `sqlite:` URL (`:memory:` in tests), or a `postgres://` URL
   * (store/open-store.ts).
   */
  database: string;
  /** How often each process polls the store's change feed for other processes' catalogue writes (ms). */
  changePollMs: number;
  /** PostgreSQL: connections at most in this process's pool. */
  databasePoolSize: number;
  /**
   * PostgreSQL: LISTEN for other replicas' catalogue writes, so this process sees them at once rather than at its next
   * poll. Off behind a pooler in transaction mode (PgBouncer), where LISTEN does not work.
   */
  databaseListen: boolean;
  /**
   * PostgreSQL: megabytes of served event JSON each process keeps, so repeated pages need no round trip (0 = none).
   * Sized to the catalogue's popular part: a 500-event page is 0.7–1.7 MB.
   */
  databaseJsonCacheMb: number;
  /**
   * Redis URL for limits shared by every replica (API rate limits, login throttling); undefined = each process
   * counts on its own.
   */
  redisUrl: string | undefined;
  /** Base URL clients reach the service at, without a trailing slash (tracked links, image URLs). */
  publicUrl: string;
  /** Base URL of the consumer web app, without a trailing slash: `/e/{serviceId}` redirects to its event pages. */
  appUrl: string;
  /**
   * HS256 key of access tokens (tracked-link keys derive from it). Undefined outside production: the service then
   * generates a random one and keeps it in its database, so tokens survive a restart.
   */
  tokenSecret: string | undefined;
  /** Seeds the demo clients (`demo`, `demo-b`) and an empty catalogue. On outside production, or with PARTNER_API_DEMO=1. */
  demo: boolean;
  /** Honour X-Forwarded-For (only behind a trusted proxy), so per-IP login throttling sees real client IPs. */
  trustProxy: boolean;
  rateLimit: RateLimitConfig;
  /** Largest accepted request body, bytes (413 above). */
  bodyLimit: number;
  /**
   * PARTNER_API_CLOCK_START as epoch ms: the service's clock starts at this instant and runs from there, and the demo
   * seed is dated from it, so a fixed seed and start give the same answers on any day (test runs). Undefined = the
   * system clock. Refused in production unless it is the demo.
   */
  clockStartMs: number | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Prometheus metrics (`GET /metrics`) on this port, apart from the API's (docs/operations.md); undefined = no
   * metrics at all (PARTNER_API_METRICS_PORT unset). 0 picks a free port (tests).
   */
  metricsPort: number | undefined;
  /** The metrics port's address (PARTNER_API_METRICS_HOST; default: the API's host). */
  metricsHost: string;
  /**
   * OpenTelemetry traces exported by OTLP/HTTP to this base URL (OTEL_EXPORTER_OTLP_ENDPOINT); undefined = no tracing
   * at all, no SDK started (docs/operations.md, "Traces").
   */
  otlpEndpoint: string | undefined;
  /** `service.name` of the spans (OTEL_SERVICE_NAME; default `eventmap-partner-api`). */
  otelServiceName: string;
  /** Which traces are recorded (OTEL_TRACES_SAMPLER; undefined = tracing.ts's DEFAULT_SAMPLER). */
  otelSampler: TracesSamplerName | undefined;
  /** The ratio of the `*traceidratio` samplers (OTEL_TRACES_SAMPLER_ARG; undefined = 1, as OpenTelemetry specifies). */
  otelSamplerRatio: number | undefined;
}

/** A configuration error; its message names every offending key, never a value. */
export class ServiceEnvError extends Error {
  override name = 'ServiceEnvError';
}

export const DEFAULT_PORT = 4000;
export const DEFAULT_DB_FILE = '.data/partner-api.sqlite';
/** PostgreSQL connections per process (catalogue writes are serialized, so more mostly helps concurrent reads). */
export const DEFAULT_DB_POOL_SIZE = 10;
/** Megabytes of served event JSON each PostgreSQL-backed process keeps (PARTNER_API_DB_JSON_CACHE_MB). */
export const DEFAULT_DB_JSON_CACHE_MB = 64;
/** Polls of the change feed: other replicas' writes show up here within this (plus a query's time). */
export const DEFAULT_CHANGE_POLL_MS = 250;
/** The web app of this repository (`next start` / `next dev` default port). */
export const DEFAULT_APP_URL = 'http://localhost:3000';

/** Parses a given environment record (testable; no caching, no side effects). */
export function parseServiceEnv(record: Record<string, string | undefined>): ServiceConfig {
  const parsed = ZRawServiceEnvSchema.safeParse(record);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ServiceEnvError(`Invalid Partner API configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const production = raw.NODE_ENV === 'production';
  const demo = raw.PARTNER_API_DEMO ?? !production;
  // A production service that is not the embedded demo must not sign tokens with a key nobody chose.
  if (production && !demo && !raw.PARTNER_API_TOKEN_SECRET) {
    throw new ServiceEnvError(
      'Invalid Partner API configuration:\n  PARTNER_API_TOKEN_SECRET: required in production (at least 32 characters)',
    );
  }
  // A pinned clock serves stale dates and lets tokens outlive their real expiry: for tests and demos only.
  if (production && !demo && raw.PARTNER_API_CLOCK_START !== undefined) {
    throw new ServiceEnvError(
      'Invalid Partner API configuration:\n  PARTNER_API_CLOCK_START: refused in production (a pinned clock is for ' +
        'tests and the demo; unset it, or set PARTNER_API_DEMO=1 for a demo service)',
    );
  }
  const port = raw.PARTNER_API_PORT ?? DEFAULT_PORT;
  const host = raw.PARTNER_API_HOST ?? '127.0.0.1';
  return {
    nodeEnv: raw.NODE_ENV,
    port,
    host,
    database: raw.PARTNER_API_DB ?? DEFAULT_DB_FILE,
    changePollMs: raw.PARTNER_API_CHANGE_POLL_MS ?? DEFAULT_CHANGE_POLL_MS,
    databasePoolSize: raw.PARTNER_API_DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE,
    databaseListen: raw.PARTNER_API_DB_LISTEN ?? true,
    databaseJsonCacheMb: raw.PARTNER_API_DB_JSON_CACHE_MB ?? DEFAULT_DB_JSON_CACHE_MB,
    redisUrl: raw.PARTNER_API_REDIS_URL,
    publicUrl: (raw.PARTNER_API_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    appUrl: (raw.PARTNER_API_APP_URL ?? DEFAULT_APP_URL).replace(/\/+$/, ''),
    tokenSecret: raw.PARTNER_API_TOKEN_SECRET,
    demo,
    trustProxy: raw.PARTNER_API_TRUST_PROXY ?? false,
    rateLimit: {
      apiPerMinute: raw.PARTNER_API_RATE_LIMIT_PER_MINUTE ?? 6000,
      loginPerClientPerMinute: raw.PARTNER_API_LOGIN_LIMIT_PER_MINUTE ?? 10,
      loginPerIpPerMinute: raw.PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE ?? 30,
    },
    bodyLimit: raw.PARTNER_API_BODY_LIMIT ?? 64 * 1024,
    clockStartMs: raw.PARTNER_API_CLOCK_START,
    logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsPort: raw.PARTNER_API_METRICS_PORT,
    metricsHost: raw.PARTNER_API_METRICS_HOST ?? host,
    otlpEndpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: raw.OTEL_SERVICE_NAME ?? 'eventmap-partner-api',
    otelSampler: raw.OTEL_TRACES_SAMPLER,
    otelSamplerRatio: raw.OTEL_TRACES_SAMPLER_ARG,
  };
}

let cached: ServiceConfig | undefined;

/** The process's configuration, parsed from `process.env` once; throws a {@link ServiceEnvError} naming the key. */
export function getServiceConfig(): ServiceConfig {
  cached ??= parseServiceEnv(process.env);
  return cached;
}

/** A configuration for tests: in-memory database, demo clients, fixed secret, limits high enough not to interfere. */
export function testServiceConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    database: ':memory:',
    changePollMs: DEFAULT_CHANGE_POLL_MS,
    databasePoolSize: DEFAULT_DB_POOL_SIZE,
    databaseListen: true,
    databaseJsonCacheMb: DEFAULT_DB_JSON_CACHE_MB,
    redisUrl: undefined,
    publicUrl: 'http://partner-api.test',
    appUrl: 'http://app.test',
    tokenSecret: 'test-only-token-secret-0123456789abcdef',
    demo: true,
    trustProxy: false,
    rateLimit: { apiPerMinute: 100_000, loginPerClientPerMinute: 100_000, loginPerIpPerMinute: 100_000 },
    bodyLimit: 64 * 1024,
    clockStartMs: undefined,
    logLevel: 'silent',
    metricsPort: undefined,
    metricsHost: '127.0.0.1',
    otlpEndpoint: undefined,
    otelServiceName: 'eventmap-partner-api',
    otelSampler: undefined,
    otelSamplerRatio: undefined,
    ...overrides,
  };
}

/**
 * The store the service tests run against (PARTNER_API_TEST_DB): unset = a private in-memory SQLite database per
 * test app; a `postgres://` URL runs the same HTTP suite on PostgreSQL, each test store a fresh clone of that database
 * (of `<name>_template` when it exists; partner-api/testing/postgres-clone.ts). Without it, the Vitest project
 * `postgres` uses its own server (partner-api/testing/test-database.ts).
 */
export function getTestDatabase(): string | undefined {
  const value = process.env.PARTNER_API_TEST_DB?.trim();
  return value === undefined || value === '' ? undefined : value;
}
