import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { GET as getEventRoute } from '@/app/api/events/[id]/route';
import { GET as eventsRoute } from '@/app/api/events/route';
import { ZProblemSchema } from '@/lib/contract';
import { systemClock } from './clock';
import { seedCatalogue } from './seed/seed-catalogue';
import { openStore } from './store/open-store';
import { openDatabase } from './store/sqlite/open';

/*
 * Faults with real processes: the service (`tsx partner-api/cli.ts serve`) and a store writer are killed with
 * SIGKILL in the middle of writes — the SQLite file (WAL) must pass an integrity check and keep every acknowledged
 * write; and the web app's route handlers, in front of a service that dies and comes back on the same port, must
 * answer 502/503 problems while it is down (not hang, not crash) and recover by themselves.
 */

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'eventmap-fault-'));
const dbFile = join(dir, 'partner-api.sqlite');
let port = 0;
const children = new Set<ChildProcess>();

/** A port that was free a moment ago (the service must come back on the same one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function startService(): ChildProcess {
  return run(['partner-api/cli.ts', 'serve'], {
    PARTNER_API_PORT: String(port),
    PARTNER_API_DB: dbFile,
    PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
    PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '1000000',
    PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
  });
}

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the service did not come up');
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Resolves once the writer has acknowledged at least `n` commits; returns the last acknowledged total. */
function acknowledged(writer: ChildProcess, n: number): { reached: Promise<void>; last: () => number } {
  let last = 0;
  let buffered = '';
  let done: () => void = () => {};
  const reached = new Promise<void>((resolve) => (done = resolve));
  writer.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^committed (\d+)$/.exec(line);
      if (match) last = Number(match[1]);
    }
    if (last >= n) done();
  });
  return { reached, last: () => last };
}

beforeAll(async () => {
  port = await freePort();
  // A small catalogue up front, so `serve` does not seed the 5 000-event demo into the empty file.
  const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: `http://127.0.0.1:${port}` });
  await seedCatalogue(store.seeding, { events: 100 });
  await store.close();
  process.env.PARTNER_API_URL = `http://127.0.0.1:${port}`;
  process.env.PARTNER_CLIENT_ID = 'demo';
  process.env.PARTNER_CLIENT_SECRET = 'demo-secret';
  process.env.SESSION_SECRET = 'fault-test-session-secret-0123456789abcdef';
  // Long enough that a 504 would mean the route waited on a dead service instead of failing fast.
  process.env.PARTNER_TIMEOUT_MS = '10000';
});

afterAll(async () => {
  await Promise.all([...children].map(kill9));
  rmSync(dir, { recursive: true, force: true });
});

describe('kill -9 during writes', () => {
  it('keeps the SQLite file intact and every acknowledged write, with the service and a writer killed mid-write', async () => {
    let stopLogins = false;
    // Even when it fails or times out: a login loop and a service left running would answer the next test instead
    // of its own service (a clean-clone run at load 12 saw that cascade).
    onTestFinished(async () => {
      stopLogins = true;
      await Promise.all([...children].map(kill9));
    });
    const service = startService();
    await waitForHealth();
    const before = openDatabase(dbFile);
    const eventsBefore = before.prepare('SELECT count(*) FROM events').pluck().get() as number;
    before.close();

    // Two writers at once: the store writer (events) and the service itself (logins write refresh tokens).
    const writer = run(['partner-api/testing/fault-writer.ts', dbFile]);
    const acks = acknowledged(writer, eventsBefore + 60);
    let loginsAcknowledged = 0;
    const logins = (async () => {
      while (!stopLogins) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
          });
          if (response.status === 201) loginsAcknowledged += 1;
        } catch {
          return; // the service is gone
        }
      }
    })();
    await acks.reached;
    await Promise.all([kill9(writer), kill9(service)]);
    stopLogins = true;
    await logins;

    const db = openDatabase(dbFile);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      // Every commit the writer reported is there (one more may have committed after its last report).
      expect(events).toBeGreaterThanOrEqual(acks.last());
      // Derived structures were written in the same transactions: one search row per event.
      expect(db.prepare('SELECT count(*) FROM search_events').pluck().get()).toBe(events);
      const tokens = db.prepare('SELECT count(*) FROM refresh_tokens').pluck().get() as number;
      expect(tokens).toBeGreaterThanOrEqual(loginsAcknowledged);
    } finally {
      db.close();
    }
    // Two processes start, and 60 writes wait on a loaded machine: past 30 s in a clean-clone run.
  }, 120_000);
});

describe('the web app while the service is down', () => {
  it('answers 502/503 problems while the service is killed, and recovers by itself when it is back', async () => {
    let service = startService();
    await waitForHealth();
    const ok = await eventsRoute(new Request('http://localhost/api/events'));
    expect(ok.status).toBe(200);

    await kill9(service);
    // Several requests at once, on both a list and a record route: each fails fast with a problem, none hangs.
    const down = await Promise.all([
      ...Array.from({ length: 10 }, () => eventsRoute(new Request('http://localhost/api/events?limit=5'))),
      getEventRoute(new Request('http://localhost/api/events/1'), { params: Promise.resolve({ id: '1' }) }),
    ]);
    for (const response of down) {
      expect([502, 503]).toContain(response.status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = await response.text();
      expect(ZProblemSchema.safeParse(JSON.parse(body)).success).toBe(true);
      expect(body).not.toContain(String(port)); // no upstream address in the answer
    }

    service = startService();
    await waitForHealth();
    // No restart of the web side: the same route handlers (same token cache) serve again.
    const back = await eventsRoute(new Request('http://localhost/api/events'));
    expect(back.status).toBe(200);
    expect((await back.json()) as object).toHaveProperty('pagination');
    await kill9(service);
    // Two service processes start in it (4 s alone here; past 30 s in a clean-clone run at load 12).
  }, 120_000);
});
