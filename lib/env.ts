import 'server-only';
import { randomBytes, scryptSync } from 'node:crypto';
import { z } from 'zod';
import { isTimeZone } from '@/lib/shared/zoned-time';

/**
 * The web app's configuration. This is the only module of the web app that reads `process.env`; it parses it
 * lazily at first use (so `next build` needs no runtime secrets) and exactly once.
 */

const DEFAULT_PARTNER_API_URL = 'http://127.0.0.1:4000';
const DEMO_CLIENT_ID = 'demo';
const DEMO_CLIENT_SECRET = 'demo-secret';
/** Development-only fallback; a production start refuses to run without a real SESSION_SECRET. */
const DEV_SESSION_SECRET = 'eventmap-dev-only-session-secret-do-not-use-in-production';

const ZOptionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const ZHttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).refine((value) => {
  try {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  } catch {
    return true; // already reported as not a URL
  }
}, 'must not contain credentials (use PARTNER_CLIENT_ID / PARTNER_CLIENT_SECRET)');

const ZRawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PARTNER_API_URL: ZOptionalString.pipe(ZHttpUrl.optional()),
  PARTNER_CLIENT_ID: ZOptionalString.pipe(z.string().max(200).optional()),
  PARTNER_CLIENT_SECRET: ZOptionalString.pipe(z.string().max(500).optional()),
  SESSION_SECRET: ZOptionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PARTNER_TIMEOUT_MS: ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .pipe(z.number().int().min(100).max(120_000))
      .optional(),
  ),
  PARTNER_VALIDATE_RESPONSES: ZOptionalString.pipe(z.enum(['full', 'off']).optional()),
  VISITOR_API_RATE_PER_SECOND: ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of requests a second')
      .transform(Number)
      .pipe(z.number().int().min(1).max(100_000))
      .optional(),
  ),
  VISITOR_API_BURST: ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of requests')
      .transform(Number)
      .pipe(z.number().int().min(1).max(1_000_000))
      .optional(),
  ),
  MAP_STYLE_URL: ZOptionalString.pipe(ZHttpUrl.optional()),
  PARTNER_LINKS_ORIGIN: ZOptionalString.pipe(
    z
      .union([
        z.literal('off'),
        ZHttpUrl.refine((value) => {
          try {
            return new URL(value).pathname === '/';
          } catch {
            return true; // already reported as not a URL
          }
        }, 'must be an origin (scheme, host and port only), or off'),
      ])
      .optional(),
  ),
  DIRECTIONS_URL: ZOptionalString.pipe(
    z
      .union([
        z.literal('off'),
        ZHttpUrl.refine((value) => value.includes('{lat}') && value.includes('{lng}'), 'must contain {lat} and {lng}'),
      ])
      .optional(),
  ),
  PARTNER_DASHBOARD_PASSWORD: ZOptionalString.pipe(
    z.string().min(12, 'must be at least 12 characters').max(200, 'must be at most 200 characters').optional(),
  ),
  PARTNER_DASHBOARD_TIME_ZONE: ZOptionalString.pipe(
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris').optional(),
  ),
  CATALOGUE_MIRROR_FILE: ZOptionalString,
  CLOCK_START: ZOptionalString.pipe(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2027-03-14T18:00:00Z' })
      .transform((value) => Date.parse(value))
      .optional(),
  ),
  // The demo flag the embedded service reads too: the only production setting where CLOCK_START is allowed.
  PARTNER_API_DEMO: ZOptionalString.pipe(
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true' || value === 'yes')
      .optional(),
  ),
  CATALOGUE_SYNC_INTERVAL_SECONDS: ZOptionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(z.number().int().min(1).max(86_400))
      .optional(),
  ),
});

/** scrypt cost of the dashboard password hash (N = 2^14, the Node default: tens of ms a check). */
export const DASHBOARD_PASSWORD_SCRYPT = { N: 16_384, r: 8, p: 1, keyLength: 32 } as const;

/** The partner dashboard password as kept in memory: a salted scrypt hash, never the password itself. */
export interface PasswordHash {
  salt: Buffer;
  hash: Buffer;
}

/** Hashes a password with {@link DASHBOARD_PASSWORD_SCRYPT} and the given salt. */
export function hashDashboardPassword(password: string, salt: Buffer): Buffer {
  const { N, r, p, keyLength } = DASHBOARD_PASSWORD_SCRYPT;
  return scryptSync(password.normalize('NFC'), salt, keyLength, { N, r, p });
}

/** Where the event page's "directions" link goes unless DIRECTIONS_URL says otherwise. */
export const DEFAULT_DIRECTIONS_URL = 'https://www.openstreetmap.org/?mlat={lat}&mlon={lng}#map=17/{lat}/{lng}';

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  /** Base URL of the Partner API, without a trailing slash. */
  partnerApiUrl: string;
  partnerClientId: string;
  partnerClientSecret: string;
  /** Password of the sealed token cookie (iron-session). */
  sessionSecret: string;
  /** Upper bound of one upstream HTTP exchange. */
  partnerTimeoutMs: number;
  /** `full`: zod-validate every upstream response (development, tests); `off`: trust the contract (production). */
  partnerValidateResponses: 'full' | 'off';
  /**
   * Each visitor's fair share of `/api/*` (a token bucket per client address): requests a second sustained, and the
   * burst allowed on top. All visitors share this server's one partner client and its upstream budget.
   */
  visitorApiLimit: { ratePerSecond: number; burst: number };
  mapStyleUrl: string | undefined;
  /**
   * The origin the Partner API writes into its public links (images, tracked `/r/` links, `/e/` service links) when
   * this web app serves them from its own origin instead (lib/partner/public-links.ts); null: links pass untouched.
   */
  partnerLinksOrigin: string | null;
  /** The event page's directions link, `{lat}`/`{lng}` filled per place; null (DIRECTIONS_URL=off) hides it. */
  directionsUrl: string | null;
  /** The `/partner` dashboard's password, hashed at startup; null (PARTNER_DASHBOARD_PASSWORD unset) disables it. */
  partnerDashboardPassword: PasswordHash | null;
  /** The dashboard's time zone (days, hours, periods). */
  partnerDashboardTimeZone: string;
  /** SQLite file of the catalogue mirror (sitemap); null (CATALOGUE_MIRROR_FILE=off) disables the mirror. */
  catalogueMirrorFile: string | null;
  /** Seconds between two incremental syncs of the catalogue mirror. */
  catalogueSyncIntervalMs: number;
  /**
   * CLOCK_START as epoch ms: the server's "now" starts at this instant and runs from there (lib/clock/server-now.ts);
   * undefined = the system clock. Refused in production unless PARTNER_API_DEMO=1.
   */
  clockStartMs: number | undefined;
  /** Dev-time notices, e.g. that the built-in session secret is in use. */
  warnings: string[];
}

/** A configuration error; its message names every offending key. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses a given environment record (testable; no caching, no side effects). */
export function parseEnv(record: Record<string, string | undefined>): Env {
  const parsed = ZRawEnvSchema.safeParse(record);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const problems: string[] = [];
  const warnings: string[] = [];

  // Demo credentials only make sense against the embedded service; anywhere else they must be explicit.
  const usesEmbedded = raw.PARTNER_API_URL === undefined;
  const clientId = raw.PARTNER_CLIENT_ID ?? (usesEmbedded ? DEMO_CLIENT_ID : undefined);
  const clientSecret = raw.PARTNER_CLIENT_SECRET ?? (usesEmbedded ? DEMO_CLIENT_SECRET : undefined);
  if (!clientId) problems.push('  PARTNER_CLIENT_ID: required when PARTNER_API_URL is set');
  if (!clientSecret) problems.push('  PARTNER_CLIENT_SECRET: required when PARTNER_API_URL is set');

  let sessionSecret = raw.SESSION_SECRET;
  if (!sessionSecret) {
    if (raw.NODE_ENV === 'production') {
      problems.push('  SESSION_SECRET: required in production (at least 32 characters)');
    } else {
      sessionSecret = DEV_SESSION_SECRET;
      if (raw.NODE_ENV === 'development') {
        warnings.push('SESSION_SECRET is not set: using a fixed development-only value. Never deploy like this.');
      }
    }
  }
  // A pinned clock shows visitors stale dates: for tests and demos only.
  if (raw.CLOCK_START !== undefined && raw.NODE_ENV === 'production' && raw.PARTNER_API_DEMO !== true) {
    problems.push(
      '  CLOCK_START: refused in production (a pinned clock is for tests and the demo; unset it, or set ' +
        'PARTNER_API_DEMO=1 for a demo)',
    );
  }
  if (problems.length > 0 || !clientId || !clientSecret || !sessionSecret) {
    throw new EnvError(`Invalid environment configuration:\n${problems.join('\n')}`);
  }

  return {
    nodeEnv: raw.NODE_ENV,
    partnerApiUrl: (raw.PARTNER_API_URL ?? DEFAULT_PARTNER_API_URL).replace(/\/+$/, ''),
    partnerClientId: clientId,
    partnerClientSecret: clientSecret,
    sessionSecret,
    partnerTimeoutMs: raw.PARTNER_TIMEOUT_MS ?? 5000,
    partnerValidateResponses: raw.PARTNER_VALIDATE_RESPONSES ?? (raw.NODE_ENV === 'production' ? 'off' : 'full'),
    visitorApiLimit: { ratePerSecond: raw.VISITOR_API_RATE_PER_SECOND ?? 10, burst: raw.VISITOR_API_BURST ?? 40 },
    mapStyleUrl: raw.MAP_STYLE_URL,
    partnerLinksOrigin: linksOrigin(raw.PARTNER_LINKS_ORIGIN, usesEmbedded),
    directionsUrl: raw.DIRECTIONS_URL === 'off' ? null : (raw.DIRECTIONS_URL ?? DEFAULT_DIRECTIONS_URL),
    partnerDashboardPassword: dashboardPassword(raw.PARTNER_DASHBOARD_PASSWORD),
    partnerDashboardTimeZone: raw.PARTNER_DASHBOARD_TIME_ZONE ?? 'Europe/Paris',
    catalogueMirrorFile:
      raw.CATALOGUE_MIRROR_FILE === 'off' ? null : (raw.CATALOGUE_MIRROR_FILE ?? '.data/catalogue-mirror.sqlite'),
    catalogueSyncIntervalMs: (raw.CATALOGUE_SYNC_INTERVAL_SECONDS ?? 30) * 1000,
    clockStartMs: raw.CLOCK_START,
    warnings,
  };
}

/**
 * The embedded service (PARTNER_API_URL unset) writes loopback links no other device can follow, so its links are
 * served through this app by default; an operator's API keeps its own public links unless told otherwise.
 */
function linksOrigin(value: string | undefined, usesEmbedded: boolean): string | null {
  if (value === 'off') return null;
  if (value !== undefined) return new URL(value).origin;
  return usesEmbedded ? DEFAULT_PARTNER_API_URL : null;
}

function dashboardPassword(password: string | undefined): PasswordHash | null {
  if (password === undefined) return null;
  const salt = randomBytes(16);
  return { salt, hash: hashDashboardPassword(password, salt) };
}

let cached: Env | undefined;

/** The process's configuration, parsed from `process.env` at first use; throws an {@link EnvError} naming the key. */
export function getEnv(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    for (const warning of cached.warnings) console.warn(`[env] ${warning}`);
  }
  return cached;
}

const ZBrandEnvSchema = z.object({
  BRAND_FILE: ZOptionalString.pipe(
    z
      .string()
      .regex(/\.json$/, 'must name a .json file')
      .optional(),
  ),
  BRAND_NAME: ZOptionalString.pipe(z.string().max(80).optional()),
  BRAND_DEFAULT_LOCALE: ZOptionalString.pipe(z.enum(['fr', 'en']).optional()),
  BRAND_EMBED_ORIGINS: ZOptionalString,
});

/** Which brand to run under; separate from {@link Env} so the build (no secrets) can render branded pages. */
export interface BrandEnv {
  /** Brand JSON file, relative to the working directory (lib/brand validates its content). */
  brandFile: string;
  /** Overrides of single brand fields (lib/brand validates them together with the file). */
  overrides: { name?: string; defaultLocale?: 'fr' | 'en'; embedOrigins?: string[] };
}

/** Parses the BRAND_* keys of an environment record; throws an {@link EnvError} naming the key. */
export function parseBrandEnv(record: Record<string, string | undefined>): BrandEnv {
  const parsed = ZBrandEnvSchema.safeParse(record);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  return {
    brandFile: raw.BRAND_FILE ?? 'brands/eventmap.json',
    overrides: {
      ...(raw.BRAND_NAME !== undefined && { name: raw.BRAND_NAME }),
      ...(raw.BRAND_DEFAULT_LOCALE !== undefined && { defaultLocale: raw.BRAND_DEFAULT_LOCALE }),
      // A comma- or space-separated list.
      ...(raw.BRAND_EMBED_ORIGINS !== undefined && {
        embedOrigins: raw.BRAND_EMBED_ORIGINS.split(/[\s,]+/).filter((origin) => origin !== ''),
      }),
    },
  };
}

/** The BRAND_* configuration of the process, parsed from `process.env` at first use. */
export function getBrandEnv(): BrandEnv {
  return parseBrandEnv(process.env);
}
