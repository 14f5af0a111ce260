import { createHmac, randomBytes } from 'node:crypto';
import type { ServiceConfig } from '../env';
import type { Db } from '../store/sqlite/open';

/**
 * The service's root secret: PARTNER_API_TOKEN_SECRET when set (required in plain production), otherwise a random
 * one generated once and kept in the database, so a development or demo service needs no configuration and its
 * tokens survive a restart — yet no two installs share a key that is written in the source.
 */
export function resolveRootSecret(db: Db, config: ServiceConfig): string {
  if (config.tokenSecret) return config.tokenSecret;
  db.prepare('INSERT INTO service_secrets (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING').run(
    'root',
    randomBytes(32).toString('base64url'),
  );
  return db.prepare('SELECT value FROM service_secrets WHERE name = ?').pluck().get('root') as string;
}

/** A key for one purpose (`access-token`, `tracked-link`), so no two mechanisms ever share key material. */
export function deriveKey(rootSecret: string, purpose: string): Buffer {
  return createHmac('sha256', rootSecret).update(`eventmap/partner-api/${purpose}`).digest();
}
