import type { Clock } from '../clock';
import type { Db } from '../store/sqlite/open';
import { generateSecret, hashSecret, verifyAgainstDummy, verifySecret } from './secret-hash';

/** Client ids: short, URL- and log-safe. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The demo clients of development and of the embedded demo (docs/design.md §7); never seeded in plain production. */
export const DEMO_CLIENTS: ReadonlyArray<{ id: string; secret: string }> = [
  { id: 'demo', secret: 'demo-secret' },
  { id: 'demo-b', secret: 'demo-b-secret' },
];

export interface ClientRow {
  id: string;
  createdAt: string;
  disabled: boolean;
}

/** A client id that already exists or does not match {@link CLIENT_ID_PATTERN}. */
export class ClientError extends Error {
  override name = 'ClientError';
}

/** Creates a client and returns its secret (generated unless given); the secret is stored only as a hash. */
export async function createClient(db: Db, clock: Clock, id: string, secret = generateSecret()): Promise<string> {
  if (!CLIENT_ID_PATTERN.test(id)) {
    throw new ClientError('A client id is 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit.');
  }
  const hash = await hashSecret(secret);
  const inserted = db
    .prepare('INSERT INTO clients (id, secret_hash, created_ms) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING')
    .run(id, hash, clock());
  if (inserted.changes === 0) throw new ClientError(`The client "${id}" already exists.`);
  return secret;
}

// The demo secrets are public; hashing each once per process (not once per database) keeps test apps cheap.
const demoHashes = new Map<string, Promise<string>>();

/** Creates the demo clients that do not exist yet (an operator's changes to them are kept). */
export async function ensureDemoClients(db: Db, clock: Clock): Promise<void> {
  const exists = db.prepare('SELECT 1 FROM clients WHERE id = ?').pluck();
  const insert = db.prepare(
    'INSERT INTO clients (id, secret_hash, created_ms) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING',
  );
  for (const client of DEMO_CLIENTS) {
    if (exists.get(client.id)) continue;
    let hash = demoHashes.get(client.secret);
    if (!hash) {
      hash = hashSecret(client.secret);
      demoHashes.set(client.secret, hash);
    }
    insert.run(client.id, await hash, clock());
  }
}

/** Every client, oldest first (never their secrets). */
export function listClients(db: Db): ClientRow[] {
  const rows = db.prepare('SELECT id, created_ms, disabled FROM clients ORDER BY created_ms, id').all() as Array<{
    id: string;
    created_ms: number;
    disabled: number;
  }>;
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_ms).toISOString(),
    disabled: row.disabled === 1,
  }));
}

/** Whether the client exists, is enabled and is allowed to act (checked on refresh). */
export function isClientActive(db: Db, id: string): boolean {
  return db.prepare('SELECT 1 FROM clients WHERE id = ? AND disabled = 0').pluck().get(id) === 1;
}

/**
 * Checks client credentials in constant time. An unknown or disabled client costs the same scrypt work as a
 * known one, so neither the answer nor its timing tells which client ids exist.
 */
export async function verifyClientCredentials(db: Db, id: string, secret: string): Promise<boolean> {
  const row = db.prepare('SELECT secret_hash FROM clients WHERE id = ? AND disabled = 0').get(id) as
    { secret_hash: string } | undefined;
  if (!row) return verifyAgainstDummy(secret);
  return verifySecret(secret, row.secret_hash);
}
