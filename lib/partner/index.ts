import 'server-only';
import { getEnv } from '@/lib/env';
import { PartnerClient } from './client';
import { TokenCookie, readCookie, TOKEN_COOKIE_NAME } from './session-cookie';

export { PartnerClient, type PartnerClientOptions, type UpstreamBody } from './client';
export { PartnerError, type PartnerErrorKind } from './errors';
export { partnerOperations, type PartnerOperation, type SearchInput } from './operations';
export { TOKEN_COOKIE_NAME, TokenCookie, readCookie } from './session-cookie';
export { TokenCache, type TokenSet } from './token-cache';

/** The process's Partner API client (with its token cache) and the sealer of the token cookie. */
export interface Partner {
  client: PartnerClient;
  cookie: TokenCookie;
}

// Kept on globalThis so that dev-mode module reloads do not start a second cache (and a second login).
const holder = globalThis as typeof globalThis & { __eventmapPartner?: Partner };

/** Builds a client and cookie sealer from explicit settings (tests, benchmarks, other base URLs). */
export function createPartner(settings: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  sessionSecret: string;
  timeoutMs?: number;
  validate?: 'full' | 'off';
  linksOrigin?: string | null;
  secureCookie?: boolean;
  now?: () => number;
  refreshAheadMs?: number;
}): Partner {
  return {
    client: new PartnerClient({
      baseUrl: settings.baseUrl.replace(/\/+$/, ''),
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      timeoutMs: settings.timeoutMs ?? 5000,
      validate: settings.validate ?? 'full',
      linksOrigin: settings.linksOrigin ?? null,
      now: settings.now,
      refreshAheadMs: settings.refreshAheadMs,
    }),
    cookie: new TokenCookie({
      password: settings.sessionSecret,
      secure: settings.secureCookie ?? false,
      now: settings.now,
    }),
  };
}

/** The process-wide partner, configured from `lib/env.ts` at first use. */
export function getPartner(): Partner {
  if (!holder.__eventmapPartner) {
    const env = getEnv();
    holder.__eventmapPartner = createPartner({
      baseUrl: env.partnerApiUrl,
      clientId: env.partnerClientId,
      clientSecret: env.partnerClientSecret,
      sessionSecret: env.sessionSecret,
      timeoutMs: env.partnerTimeoutMs,
      validate: env.partnerValidateResponses,
      linksOrigin: env.partnerLinksOrigin,
      secureCookie: env.nodeEnv === 'production',
    });
  }
  return holder.__eventmapPartner;
}

/** Replaces (or, with undefined, resets) the process-wide partner. For tests only. */
export function setPartnerForTesting(partner: Partner | undefined): void {
  holder.__eventmapPartner = partner;
}

/** When this process holds no usable token, takes over a still-valid one from the sealed cookie value. */
export async function adoptTokenCookie(partner: Partner, cookieValue: string | undefined): Promise<void> {
  if (!cookieValue || partner.client.tokens.isFresh()) return;
  const tokens = await partner.cookie.unseal(cookieValue);
  if (tokens) partner.client.tokens.adopt(tokens);
}

/**
 * The `Set-Cookie` value that brings a browser's token cookie up to date with this process's tokens, or undefined
 * when it already is (or holds a newer set, e.g. from another instance).
 */
export async function tokenCookieUpdate(
  partner: Partner,
  cookieValue: string | undefined,
): Promise<string | undefined> {
  const current = partner.client.tokens.peek();
  if (!current || !partner.client.tokens.isFresh()) return undefined;
  if (cookieValue) {
    if (cookieValue === (await partner.cookie.seal(current))) return undefined;
    const theirs = await partner.cookie.unseal(cookieValue);
    if (theirs && theirs.obtainedAt >= current.obtainedAt) return undefined;
  }
  return partner.cookie.header(current);
}

/** The token cookie of a request, if any. */
export function requestTokenCookie(request: Request): string | undefined {
  return readCookie(request.headers.get('cookie'), TOKEN_COOKIE_NAME);
}
