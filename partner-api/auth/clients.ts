import type { Clock } from '../clock';
import type { AuthStore } from '../store/port';
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
export async function createClient(
  auth: AuthStore,
  clock: Clock,
  id: string,
  secret = generateSecret(),
): Promise<string> {
  if (!CLIENT_ID_PATTERN.test(id)) {
    throw new ClientError('A client id is 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit.');
  }
  const hash = await hashSecret(secret);
  if (!(await auth.createClient(id, hash, clock()))) throw new ClientError(`The client "${id}" already exists.`);
  return secret;
}

// The demo secrets are public; hashing each once per process (not once per database) keeps test apps cheap.
const demoHashes = new Map<string, Promise<string>>();

/** Creates the demo clients that do not exist yet (an operator's changes to them are kept). */
export async function ensureDemoClients(auth: AuthStore, clock: Clock): Promise<void> {
  for (const client of DEMO_CLIENTS) {
    if (await auth.clientExists(client.id)) continue;
    let hash = demoHashes.get(client.secret);
    if (!hash) {
      hash = hashSecret(client.secret);
      demoHashes.set(client.secret, hash);
    }
    // Another replica may create it meanwhile: createClient then leaves theirs, which is the same.
    await auth.createClient(client.id, await hash, clock());
  }
}

/** Every client, oldest first (never their secrets). */
export async function listClients(auth: AuthStore): Promise<ClientRow[]> {
  const rows = await auth.listClients();
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.createdMs).toISOString(), disabled: row.disabled }));
}

/** Whether the client exists, is enabled and is allowed to act (checked on refresh). */
export async function isClientActive(auth: AuthStore, id: string): Promise<boolean> {
  return (await auth.activeClientSecretHash(id)) !== null;
}

/**
 * Checks client credentials in constant time. An unknown or disabled client costs the same scrypt work as a
 * known one, so neither the answer nor its timing tells which client ids exist.
 */
export async function verifyClientCredentials(auth: AuthStore, id: string, secret: string): Promise<boolean> {
  const hash = await auth.activeClientSecretHash(id);
  if (hash === null) return verifyAgainstDummy(secret);
  return verifySecret(secret, hash);
}
