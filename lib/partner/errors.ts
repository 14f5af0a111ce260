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
  | 'aborted';

/**
 * An upstream failure. Its message is safe to log: it never contains a token, a secret or a URL with credentials
 * (paths only, no query strings).
 */
export class PartnerError extends Error {
  override name = 'PartnerError';
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
