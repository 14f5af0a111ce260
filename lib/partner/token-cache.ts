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
  /** Called with a background renewal failure (the next caller retries in the foreground). */
  onBackgroundError?: (error: unknown) => void;
}

/** Below this remaining validity a token is not handed out any more; callers wait for the renewal instead. */
const MIN_VALIDITY_MS = 5_000;

function isGrantRejection(error: unknown): boolean {
  return (
    error instanceof PartnerError &&
    error.kind === 'http' &&
    (error.status === 400 || error.status === 401 || error.status === 403)
  );
}

/**
 * Per-process access-token cache: single-flight login, renewal ahead of expiry (refresh grant first, the secret
 * grant when the refresh token is rejected), invalidation after an upstream 401, adoption of a token set
 * carried by the sealed cookie.
 */
export class TokenCache {
  private tokens: TokenSet | undefined;
  private inflight: Promise<TokenSet> | undefined;
  private readonly now: () => number;
  private readonly refreshAheadMs: number;
  /** Counters for tests and diagnostics. */
  readonly stats = { secretGrants: 0, refreshGrants: 0, refreshRejected: 0, adopted: 0, invalidated: 0 };

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
    this.refreshAheadMs = options.refreshAheadMs ?? 60_000;
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
      this.renew().catch((error: unknown) => this.options.onBackgroundError?.(error));
      return tokens;
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
   * Takes over a token set from the sealed cookie when this process has none usable, so a fresh instance does not
   * log in again. Returns whether it was adopted.
   */
  adopt(candidate: TokenSet): boolean {
    if (this.inflight) return false;
    const now = this.now();
    // A set inside its renewal window may already have had its single-use refresh token spent by another process.
    if (now >= this.renewAt(candidate)) return false;
    const tokens = this.tokens;
    if (tokens && (now < this.renewAt(tokens) || tokens.accessToken === candidate.accessToken)) return false;
    this.tokens = candidate;
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
        .then((tokens) => {
          this.tokens = tokens;
          return tokens;
        })
        .finally(() => {
          this.inflight = undefined;
        });
    }
    return this.inflight;
  }

  private async obtain(): Promise<TokenSet> {
    const refreshToken = this.tokens?.refreshToken;
    if (refreshToken) {
      try {
        this.stats.refreshGrants++;
        return this.toTokenSet(await this.options.login({ grantAccess: 'refreshToken', refreshToken }));
      } catch (error) {
        if (!isGrantRejection(error)) throw error;
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
