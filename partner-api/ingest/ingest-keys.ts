import { createHash, randomBytes } from 'node:crypto';
import type { IngestStore } from '@/partner-api/store/ingest/types';

/** Prefix of an ingest API key, so a key pasted in the wrong place is recognisable (and never a partner token). */
export const INGEST_KEY_PREFIX = 'emi_';

/** The stored form of a key: SHA-256, base64url (keys are 256 random bits: a slow hash adds nothing). */
export function ingestKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Creates a new ingest API key for a registered partner; returns it (shown once, stored only as its hash). */
export async function createIngestKey(store: IngestStore, partner: string, nowMs: number): Promise<string> {
  const key = INGEST_KEY_PREFIX + randomBytes(32).toString('base64url');
  await store.addKey(partner, ingestKeyHash(key), nowMs);
  return key;
}

/** The partner a presented key belongs to, or null (unknown, or not an ingest key at all). */
export async function partnerOfIngestKey(store: IngestStore, key: string): Promise<string | null> {
  if (!key.startsWith(INGEST_KEY_PREFIX) || key.length > 200) return null;
  return store.partnerOfKey(ingestKeyHash(key));
}
