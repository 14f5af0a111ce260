import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { LRUCache } from 'lru-cache';
import type { TokenSet } from './token-cache';

/** Name of the sealed, HttpOnly cookie that carries this server's partner tokens between instances. */
export const TOKEN_COOKIE_NAME = 'eventmap_pt';

/** What the cookie carries: an access token and its times — never a refresh token (see TokenCache.adopt). */
interface SealedTokens {
  a: string;
  e: number;
  o: number;
}

export interface TokenCookieOptions {
  /** iron-session password (SESSION_SECRET, ≥ 32 characters). */
  password: string;
  /** `Secure` attribute: on in production. */
  secure: boolean;
  now?: () => number;
}

/**
 * Seals access tokens into cookie values (iron-session: AES-256-CBC + HMAC-SHA-256) and back. The browser stores an
 * opaque value it cannot read or forge; a fresh server instance that receives it can use the still-valid access
 * token instead of logging in. The refresh token stays in the process that obtained it: single-use tokens shared
 * between processes end up presented twice, and the service then revokes the whole family.
 */
export class TokenCookie {
  private readonly sealed = new WeakMap<TokenSet, Promise<string>>();
  /** Browsers send the same few values over and over (one per token set): unseal each once. */
  private readonly unsealed = new LRUCache<string, { tokens: TokenSet | null }>({ max: 32 });
  private readonly now: () => number;

  constructor(private readonly options: TokenCookieOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds the cookie (and its seal) stay valid: until the access token expires. */
  private ttlSeconds(tokens: TokenSet): number {
    return Math.max(0, Math.floor((tokens.expiresAt - this.now()) / 1000));
  }

  /** The sealed value of a token set; sealed once per set. */
  seal(tokens: TokenSet): Promise<string> {
    let value = this.sealed.get(tokens);
    if (!value) {
      const payload: SealedTokens = {
        a: tokens.accessToken,
        e: tokens.expiresAt,
        o: tokens.obtainedAt,
      };
      // The seal's own expiry backs the cookie's Max-Age: a replayed old cookie is refused even if a browser keeps it.
      value = sealData(payload, { password: this.options.password, ttl: this.ttlSeconds(tokens) + 60 });
      this.sealed.set(tokens, value);
    }
    return value;
  }

  /** The token set of a sealed value, or undefined when it is forged, from another secret, expired or malformed. */
  async unseal(value: string): Promise<TokenSet | undefined> {
    if (value.length > 4096) return undefined;
    const known = this.unsealed.get(value);
    if (known) return known.tokens ?? undefined;
    const tokens = await this.unsealUncached(value);
    // Only remember what verifies: arbitrary garbage must not evict the real values.
    if (tokens) this.unsealed.set(value, { tokens });
    return tokens;
  }

  private async unsealUncached(value: string): Promise<TokenSet | undefined> {
    try {
      const data = await unsealData<Partial<SealedTokens>>(value, { password: this.options.password });
      if (typeof data?.a !== 'string' || typeof data.e !== 'number' || typeof data.o !== 'number') {
        return undefined;
      }
      return { accessToken: data.a, refreshToken: '', expiresAt: data.e, obtainedAt: data.o };
    } catch {
      return undefined;
    }
  }

  /** A `Set-Cookie` header value for a token set: HttpOnly, SameSite=Lax, Secure in production, until expiry. */
  async header(tokens: TokenSet): Promise<string> {
    const value = await this.seal(tokens);
    const parts = [
      `${TOKEN_COOKIE_NAME}=${value}`,
      'Path=/',
      `Max-Age=${Math.max(0, this.ttlSeconds(tokens) - 60)}`,
      'HttpOnly',
      'SameSite=Lax',
    ];
    if (this.options.secure) parts.push('Secure');
    return parts.join('; ');
  }
}

/** The value of one cookie in a `Cookie` request header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
