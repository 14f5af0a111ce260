import 'server-only';

/** Why an upstream call failed, in the terms the route handlers map to statuses. */
export type PartnerErrorKind =
  /** The Partner API answered a non-success status (see `status`). */
  | 'http'
  /** No answer within the configured timeout. */
  | 'timeout'
  /** Connection refused, reset, DNS failure… */
  | 'unreachable'
  /** The answer does not match the contract (bad JSON or wrong shape). */
  | 'invalid-response'
  /** The Partner API refused our client credentials: a configuration problem of this server. */
  | 'auth'
  /** The caller (e.g. the browser that sent the request) gave up first. */
  | 'aborted'
  /**
   * No call was made: a recent login failed and this process waits before the next attempt (`retryAfter` says how
   * long; `status` is the failed login's, if it had one).
   */
  | 'backoff';

/** Marks partner errors across module instances (see `Symbol.hasInstance` below). */
const PARTNER_ERROR = Symbol.for('eventmap.partner-error');

/**
 * An upstream failure. Its message is safe to log: it never contains a token, a secret or a URL with credentials
 * (paths only, no query strings).
 */
export class PartnerError extends Error {
  override name = 'PartnerError';
  readonly [PARTNER_ERROR] = true;

  /**
   * The process-wide client lives on `globalThis`, but Next bundles pages and route handlers separately, so an error
   * thrown by a client made in one bundle reaches code whose `PartnerError` class is another copy of this module:
   * recognise any partner error by its registered symbol, not by class identity.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PARTNER_ERROR] === true;
  }

  constructor(
    readonly kind: PartnerErrorKind,
    message: string,
    readonly details: {
      /** Upstream status for `http` (and for `auth`, the login status). */
      status?: number;
      /** Upstream `Retry-After`, already checked to be delta-seconds or an HTTP date. */
      retryAfter?: string;
      /** Upstream problem `detail`/`title`, when it sent problem+json. */
      upstreamDetail?: string;
      /** Upstream problem `errors` (pointers into the upstream request). */
      upstreamErrors?: { pointer: string; detail: string }[];
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

/** A `Retry-After` value worth passing on: delta-seconds or an HTTP date; anything else is dropped. */
export function sanitizeRetryAfter(value: string | null): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return trimmed;
  if (trimmed.length <= 64 && !Number.isNaN(Date.parse(trimmed)) && /^[\w ,:-]+$/.test(trimmed)) return trimmed;
  return undefined;
}
