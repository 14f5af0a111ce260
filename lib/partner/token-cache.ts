import 'server-only';
import type { TLoginRequest, TLoginResponse } from '@/lib/contract';
import { PartnerError } from './errors';

/** The tokens of this server's partner client, with absolute times in epoch milliseconds. */
export interface TokenSet {
  accessToken: string;
  /** Empty once the refresh token has been rejected. */
  refreshToken: string;
  expiresAt: number;
  obtainedAt: number;
}

export type LoginFn = (grant: TLoginRequest) => Promise<TLoginResponse>;

export interface TokenCacheOptions {
  login: LoginFn;
  clientId: string;
  clientSecret: string;
  /** Injectable clock for tests. */
  now?: () => number;
  /** Renew this long before expiry (capped at half the token lifetime). Default 60 s. */
  refreshAheadMs?: number;
  /** Called with a background renewal failure (callers keep the still-valid token meanwhile). */
  onBackgroundError?: (error: unknown) => void;
  /** First wait after a failed login when the upstream gave no `Retry-After`; doubles per failure. Default 1 s. */
  backoffBaseMs?: number;
  /** Longest wait between login attempts. Default 60 s. */
  backoffMaxMs?: number;
}

/** Below this remaining validity a token is not handed out any more; callers wait for the renewal instead. */
const MIN_VALIDITY_MS = 5_000;

/** Milliseconds a `Retry-After` value (delta-seconds or an HTTP date) asks for, if it says anything usable. */
function retryAfterMs(error: unknown, now: number): number | undefined {
  const value = error instanceof PartnerError ? error.details.retryAfter : undefined;
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isGrantRejection(error: unknown): boolean {
  return (
    error instanceof PartnerError &&
    error.kind === 'http' &&
    (error.status === 400 || error.status === 401 || error.status === 403)
  );
}

/**
 * Per-process access-token cache: single-flight login, renewal ahead of expiry (refresh grant first, the secret
 * grant when the refresh token is rejected), invalidation after an upstream 401, adoption of an access token
 * carried by the sealed cookie.
 *
 * Each process keeps its own login family: an adopted set never brings a refresh token along, so two processes
 * never present the same single-use refresh token (which would make the service revoke the family).
 *
 * After a failed login (refused, rate-limited, 5xx, timeout, unreachable) no further login is attempted until the
 * upstream's `Retry-After` — or an exponential backoff when it gave none — has passed; meanwhile callers without a
 * usable token get a `backoff` error carrying the remaining wait, instead of each sending a login of their own.
 */
export class TokenCache {
  private tokens: TokenSet | undefined;
  private inflight: Promise<TokenSet> | undefined;
  private readonly now: () => number;
  private readonly refreshAheadMs: number;
  /** No login before this instant (epoch ms) after a failed one. */
  private retryAt = 0;
  private consecutiveFailures = 0;
  private lastFailure: unknown;
  /** Counters for tests and diagnostics. */
  readonly stats = {
    secretGrants: 0,
    refreshGrants: 0,
    refreshRejected: 0,
    adopted: 0,
    invalidated: 0,
    failedLogins: 0,
    backedOff: 0,
  };

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
    this.refreshAheadMs = options.refreshAheadMs ?? 60_000;
  }

  /** Milliseconds until the next login may be attempted (0 when not backing off). */
  backoffRemainingMs(): number {
    return Math.max(0, this.retryAt - this.now());
  }

  /** The token set currently held, if any (valid or not). */
  peek(): TokenSet | undefined {
    return this.tokens;
  }

  /** Whether the held access token can be used without renewal (false when cold, expiring or invalidated). */
  isFresh(): boolean {
    return this.tokens !== undefined && this.now() < this.renewAt(this.tokens);
  }

  /** A usable token set, logging in or renewing when needed; concurrent callers share one login. */
  async get(): Promise<TokenSet> {
    const tokens = this.tokens;
    const now = this.now();
    if (tokens && now < this.renewAt(tokens)) return tokens;
    if (tokens && now < tokens.expiresAt - MIN_VALIDITY_MS) {
      // Still valid for a while: renew in the background instead of making this request wait.
      if (now >= this.retryAt) this.renew().catch((error: unknown) => this.options.onBackgroundError?.(error));
      return tokens;
    }
    if (now < this.retryAt && !this.inflight) {
      this.stats.backedOff++;
      throw this.backoffError();
    }
    return this.renew();
  }

  /** Marks an access token the upstream answered 401 for, so the next `get()` renews it. */
  invalidate(accessToken: string): void {
    if (this.tokens?.accessToken === accessToken && this.tokens.expiresAt !== 0) {
      this.tokens = { ...this.tokens, expiresAt: 0 };
      this.stats.invalidated++;
    }
  }

  /**
   * Takes over the access token of a set from the sealed cookie when this process has none usable, so a fresh
   * instance does not log in while that token is valid. Its refresh token is never taken: it belongs to another
   * process's family, which may present it too. Once the adopted token is due for renewal, this process logs in
   * with its own secret and starts its own family. Returns whether it was adopted.
   */
  adopt(candidate: TokenSet): boolean {
    if (this.inflight) return false;
    const now = this.now();
    // A set inside its renewal window may already have had its single-use refresh token spent by another process.
    if (now >= this.renewAt(candidate)) return false;
    const tokens = this.tokens;
    if (tokens && (now < this.renewAt(tokens) || tokens.accessToken === candidate.accessToken)) return false;
    this.tokens = { ...candidate, refreshToken: '' };
    this.stats.adopted++;
    return true;
  }

  private renewAt(tokens: TokenSet): number {
    const lifetime = tokens.expiresAt - tokens.obtainedAt;
    return tokens.expiresAt - Math.min(this.refreshAheadMs, lifetime / 2);
  }

  private renew(): Promise<TokenSet> {
    if (!this.inflight) {
      this.inflight = this.obtain()
        .then(
          (tokens) => {
            this.tokens = tokens;
            this.consecutiveFailures = 0;
            this.retryAt = 0;
            this.lastFailure = undefined;
            return tokens;
          },
          (error: unknown) => {
            this.backOff(error);
            // A refused or failing login is this server's trouble, not the visitor's: an upstream 429 or 5xx reaches
            // callers as "backing off, retry after N s" (a 503), not as a 429 that would blame their browser.
            if (error instanceof PartnerError && error.kind === 'http') throw this.backoffError();
            throw error;
          },
        )
        .finally(() => {
          this.inflight = undefined;
        });
    }
    return this.inflight;
  }

  private backoffError(): PartnerError {
    const seconds = Math.max(1, Math.ceil((this.retryAt - this.now()) / 1000));
    const failure = this.lastFailure instanceof PartnerError ? this.lastFailure : undefined;
    return new PartnerError('backoff', `Partner API login failed (${failure?.message ?? 'error'}); retrying later`, {
      retryAfter: String(seconds),
      status: failure?.status,
      cause: this.lastFailure,
    });
  }

  /** Schedules the next login attempt after a failure: the upstream's Retry-After, else exponential backoff. */
  private backOff(error: unknown): void {
    this.stats.failedLogins++;
    this.consecutiveFailures++;
    this.lastFailure = error;
    const base = this.options.backoffBaseMs ?? 1_000;
    const max = this.options.backoffMaxMs ?? 60_000;
    const exponential = Math.min(max, base * 2 ** Math.min(this.consecutiveFailures - 1, 20));
    const now = this.now();
    const asked = retryAfterMs(error, now);
    this.retryAt = now + (asked === undefined ? exponential : Math.min(Math.max(asked, base), 60 * 60_000));
  }

  private async obtain(): Promise<TokenSet> {
    const refreshToken = this.tokens?.refreshToken;
    if (refreshToken) {
      try {
        this.stats.refreshGrants++;
        return this.toTokenSet(await this.options.login({ grantAccess: 'refreshToken', refreshToken }));
      } catch (error) {
        if (!isGrantRejection(error)) {
          // The service may have spent the token before the answer was lost (timeout, 5xx): presenting it again
          // would count as reuse and revoke the family, so the next attempt uses the secret grant instead.
          if (this.tokens?.refreshToken === refreshToken) this.tokens = { ...this.tokens, refreshToken: '' };
          throw error;
        }
        // Expired, already used or revoked (another process may have spent it): fall back to the secret grant.
        this.stats.refreshRejected++;
        if (this.tokens?.refreshToken === refreshToken) this.tokens = { ...this.tokens, refreshToken: '' };
      }
    }
    try {
      this.stats.secretGrants++;
      return this.toTokenSet(
        await this.options.login({
          grantAccess: 'clientSecret',
          clientId: this.options.clientId,
          clientSecret: this.options.clientSecret,
        }),
      );
    } catch (error) {
      if (isGrantRejection(error)) {
        throw new PartnerError('auth', 'The Partner API rejected this server’s client credentials', {
          status: (error as PartnerError).status,
        });
      }
      throw error;
    }
  }

  private toTokenSet(response: TLoginResponse): TokenSet {
    const obtainedAt = this.now();
    return {
      accessToken: response.accessToken,
      refreshToken: response.refreshToken,
      obtainedAt,
      expiresAt: obtainedAt + Math.max(0, response.expiresIn) * 1000,
    };
  }
}
