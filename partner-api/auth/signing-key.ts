import { createHmac, randomBytes } from 'node:crypto';
import type { ServiceConfig } from '../env';
import type { AuthStore } from '../store/port';

/**
 * The service's root secret: PARTNER_API_TOKEN_SECRET when set (required in plain production), otherwise a random
 * one generated once and kept in the store (shared by every replica), so a development or demo service needs no configuration and its
 * tokens survive a restart — yet no two installs share a key that is written in the source.
 */
export async function resolveRootSecret(auth: AuthStore, config: ServiceConfig): Promise<string> {
  if (config.tokenSecret) return config.tokenSecret;
  // The first process to store one wins, so replicas sharing a database sign with the same key.
  return auth.sharedSecret('root', randomBytes(32).toString('base64url'));
}

/** A key for one purpose (`access-token`, `tracked-link`), so no two mechanisms ever share key material. */
export function deriveKey(rootSecret: string, purpose: string): Buffer {
  return createHmac('sha256', rootSecret).update(`eventmap/partner-api/${purpose}`).digest();
}
