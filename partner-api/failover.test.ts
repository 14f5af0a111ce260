import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ZLoginResponseSchema } from '@/lib/contract';
import { systemClock } from './clock';
import { seedCatalogue } from './seed/seed-catalogue';
import { openStore } from './store/open-store';
import { createPostgresTestDatabase } from './testing/postgres-database';

/*
 * Two replicas of the service (`tsx partner-api/cli.ts serve`, separate processes) on one database — a SQLite file, or
 * in the `postgres` project a PostgreSQL database — and one of them killed with SIGKILL while partners use both
 * (docs/reliability.md §8): the other keeps answering every request, the access tokens either replica issued stay
 * valid on the survivor, and no refresh-token family is revoked by the failover (the survivor rotates each family's
 * latest refresh token). The clients behave as the web app's token cache does: a refresh whose answer was lost is
 * never presented again (its successor may exist), a secret-grant login starts a new family instead.
 */

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'eventmap-failover-'));
let database = join(dir, 'partner-api.sqlite');
const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startReplica(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PARTNER_API_PORT: String(port),
      PARTNER_API_DB: database,
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: 'ignore',
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function waitForHealth(port: number): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`replica on port ${port} did not come up`);
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  if (inject('postgres')) database = await createPostgresTestDatabase();
  // A small catalogue up front, so that `serve` does not seed the 5 000-event demo.
  const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1' });
  await seedCatalogue(store.seeding, { events: 50 });
  await store.close();
}, 120_000);

afterAll(async () => {
  await Promise.all([...children].map(kill9));
  rmSync(dir, { recursive: true, force: true });
});

interface Family {
  accessTokens: string[];
  refreshToken: string;
}

describe('one replica of two killed with kill -9 under load', () => {
  it('keeps serving on the other, with every token valid there and no family revoked', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startReplica(portA);
    await waitForHealth(portA);
    startReplica(portB);
    await waitForHealth(portB);
    const base = (port: number) => `http://127.0.0.1:${port}`;
    let aAlive = true;

    const login = async (port: number, body: object) => {
      const response = await fetch(`${base(port)}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        tokens: response.status === 201 ? ZLoginResponseSchema.parse(await response.json()) : null,
      };
    };
    const secretGrant = { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' };

    // Two families started on each replica.
    const families: Family[] = [];
    for (const port of [portA, portA, portB, portB]) {
      const { tokens } = await login(port, secretGrant);
      families.push({ accessTokens: [tokens!.accessToken], refreshToken: tokens!.refreshToken });
    }

    /** What the survivor answered, all along: it must never fail. */
    const survivorStatuses: number[] = [];
    /** What the killed replica answered before dying: it shared the load. */
    const answeredByA: number[] = [];
    let running = true;
    const partner = async (family: Family, index: number) => {
      for (let step = 0; running; step += 1) {
        const port = aAlive && (step + index) % 2 === 0 ? portA : portB;
        const access = family.accessTokens.at(-1)!;
        try {
          if (step % 4 === 3) {
            const { status, tokens } = await login(port, {
              grantAccess: 'refreshToken',
              refreshToken: family.refreshToken,
            });
            (port === portB ? survivorStatuses : answeredByA).push(status);
            if (tokens) {
              family.accessTokens.push(tokens.accessToken);
              family.refreshToken = tokens.refreshToken;
            }
          } else {
            const response = await fetch(`${base(port)}/v2/clicks?limit=1`, {
              headers: { authorization: `Bearer ${access}` },
            });
            await response.arrayBuffer();
            (port === portB ? survivorStatuses : answeredByA).push(response.status);
          }
        } catch {
          // A killed replica: its answer is lost. A lost refresh is not presented again (its successor may exist):
          // the partner's family goes on with its last confirmed refresh token only if that one was not sent.
          expect(port).toBe(portA);
          if (step % 4 === 3) {
            // As the web app's token cache does: a new family through the survivor.
            const { tokens } = await login(portB, secretGrant);
            survivorStatuses.push(tokens ? 201 : 0);
            family.accessTokens.push(tokens!.accessToken);
            family.refreshToken = tokens!.refreshToken;
          }
        }
      }
    };
    const load = Promise.all(families.map(partner));

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await kill9(a);
    aAlive = false;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await load;

    expect(survivorStatuses.length).toBeGreaterThan(10);
    expect(survivorStatuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    // Every access token issued by either replica is still valid on the survivor (none was revoked).
    for (const family of families) {
      for (const access of family.accessTokens) {
        const response = await fetch(`${base(portB)}/v2/clicks?limit=1`, {
          headers: { authorization: `Bearer ${access}` },
        });
        expect(response.status).toBe(200);
      }
      // And each family's latest refresh token rotates on the survivor.
      expect((await login(portB, { grantAccess: 'refreshToken', refreshToken: family.refreshToken })).status).toBe(201);
    }
    // A did share the load (and issued two of the families) before it died.
    expect(answeredByA.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(0);
  }, 120_000);
});
