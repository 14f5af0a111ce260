import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { systemClock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import type { Store } from '@/partner-api/store/port';
import { createRng } from '@/partner-api/seed/rng';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';

/*
 * Two service processes on one PostgreSQL database, as behind a load balancer: what one replica learns, the other
 * knows — catalogue writes (through the change feed and LISTEN/NOTIFY), the signing key, refresh-token use and
 * revocation. (How fast is measured by bench/replicas.ts, not asserted here.)
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];
let database: string;
let writer: Store;
let replicaA: string;
let replicaB: string;

function startWriter(seed: string, writes: number): Promise<number | null> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'partner-api/testing/catalogue-writer.ts', database, seed, String(writes)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function startReplica(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PARTNER_API_DEMO: '1',
      PARTNER_API_DB: database,
      PARTNER_API_PORT: '0',
      // No PARTNER_API_TOKEN_SECRET: the generated key lives in the database, and both replicas must use it.
      PARTNER_API_TOKEN_SECRET: '',
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/i.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`replica exited (${code}): ${output}`)));
  });
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function login(base: string): Promise<{ accessToken: string; refreshToken: string }> {
  const { status, json } = await call(base, 'POST', '/login', {
    grantAccess: 'clientSecret',
    clientId: 'demo',
    clientSecret: 'demo-secret',
  });
  expect(status).toBe(201);
  return json as unknown as { accessToken: string; refreshToken: string };
}

const refresh = (base: string, refreshToken: string) =>
  call(base, 'POST', '/login', { grantAccess: 'refreshToken', refreshToken });

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  // The first replica seeds the demo catalogue into the empty database; the second starts on the seeded one.
  replicaA = await startReplica();
  replicaB = await startReplica();
  writer = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
}, 120_000);

afterAll(async () => {
  await writer?.close();
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

describe('two replicas on one PostgreSQL database', () => {
  test('share the signing key: a token from one is accepted by the other', async () => {
    const { accessToken } = await login(replicaA);
    const onB = await call(replicaB, 'POST', '/v2/get/events', { limit: 1 }, accessToken);
    expect(onB.status).toBe(201);
    expect((onB.json.pagination as { totalItems: number }).totalItems).toBeGreaterThan(0);
  });

  test('a catalogue write shows in the other replica’s events query', async () => {
    const { accessToken } = await login(replicaB);
    const start = Date.now() + 3_600_000;
    // A spot in the Atlantic where the demo catalogue has nothing.
    const id = await writer.catalogue.createEvent(
      makeEventInput({ lng: -31.5, lat: 41.25, startMs: start, endMs: start + 3_600_000, name: 'Concert au large' }),
    );
    const query = { locationFilter: { rectangle: { minLng: -31.6, maxLng: -31.4, minLat: 41.2, maxLat: 41.3 } } };
    let ids: number[] = [];
    for (let attempt = 0; attempt < 200 && ids.length === 0; attempt += 1) {
      const { json } = await call(replicaB, 'POST', '/v2/get/events', query, accessToken);
      ids = ((json.data ?? []) as Array<{ id: number }>).map((event) => event.id);
      if (ids.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ids).toEqual([id]);
    // A change to it: replica B served the event before, and keeps a copy of that version, which it must give up once
    // its index learns of the new one — and never show the new name before (or the old after) the new updatedAt.
    const before = await call(replicaB, 'POST', '/v2/get/events', query, accessToken);
    const first = (before.json.data as Array<{ name: string; updatedAt: string }>)[0]!;
    expect(first.name).toBe('Concert au large');
    await writer.catalogue.updateEvent(id, { name: 'Concert au large, reporté' });
    let seen = first;
    for (let attempt = 0; attempt < 200 && seen.name === first.name; attempt += 1) {
      const { json } = await call(replicaB, 'POST', '/v2/get/events', query, accessToken);
      seen = (json.data as Array<{ name: string; updatedAt: string }>)[0]!;
      expect(seen.name === first.name).toBe(seen.updatedAt === first.updatedAt);
      if (seen.name === first.name) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.name).toBe('Concert au large, reporté');
    // And its deletion, on both replicas.
    await writer.catalogue.deleteEvent(id);
    for (const replica of [replicaA, replicaB]) {
      const token = (await login(replica)).accessToken;
      let total = 1;
      for (let attempt = 0; attempt < 200 && total > 0; attempt += 1) {
        const { json } = await call(replica, 'POST', '/v2/get/events', query, token);
        total = (json.pagination as { totalItems: number }).totalItems;
        if (total > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(total).toBe(0);
    }
  });

  test('a refresh token is single-use across replicas, and reuse revokes the family everywhere', async () => {
    const first = await login(replicaA);
    const renewed = await refresh(replicaA, first.refreshToken);
    expect(renewed.status).toBe(201);
    const second = renewed.json as unknown as { accessToken: string; refreshToken: string };
    // The same refresh token presented to the other replica is a reuse: refused, and the family is revoked.
    const reused = await refresh(replicaB, first.refreshToken);
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(reused.status).toBeLessThan(500);
    expect((await call(replicaB, 'POST', '/v2/get/events', { limit: 1 }, second.accessToken)).status).toBe(401);
    expect((await refresh(replicaA, second.refreshToken)).status).toBeGreaterThanOrEqual(400);
  });
});

interface MirroredEvent {
  id: number;
  updatedAt: string;
}

test('a partner mirror syncing from both replicas in turn converges while two writer processes write', async () => {
  const rng = createRng('replica-mirror');
  const tokens = new Map<string, string>();
  const mirror = new Map<number, MirroredEvent>();
  let lastUpdatedAt: string | null = null;
  let turn = 0;
  let requests = 0;
  /** One catalogue request to the next replica: true when the mirror has caught up with that answer. */
  const step = async (): Promise<boolean> => {
    const base = turn++ % 2 === 0 ? replicaA : replicaB;
    let token = tokens.get(base);
    if (!token) tokens.set(base, (token = (await login(base)).accessToken));
    const body = { limit: rng.int(1, 40), ...(lastUpdatedAt === null ? {} : { lastUpdatedAt }) };
    const { status, json } = await call(base, 'POST', '/v2/get/catalogue', body, token);
    requests += 1;
    if (status === 410) {
      mirror.clear();
      lastUpdatedAt = null;
      return false;
    }
    expect(status).toBe(201);
    const data = json.data as {
      events: MirroredEvent[];
      eventIdsDeleted: number[];
      eventIdsPassed: number[];
    };
    for (const id of [...data.eventIdsDeleted, ...data.eventIdsPassed]) mirror.delete(id);
    for (const event of data.events) mirror.set(event.id, { id: event.id, updatedAt: event.updatedAt });
    lastUpdatedAt = data.events.at(-1)?.updatedAt ?? lastUpdatedAt;
    return ((json.pagination as { totalPages: number }).totalPages ?? 0) <= 1;
  };

  let writing = 2;
  const writers = [startWriter('x', 80), startWriter('y', 80)].map((exit) =>
    exit.finally(() => {
      writing -= 1;
    }),
  );
  while (writing > 0) await step();
  expect(await Promise.all(writers)).toEqual([0, 0]);
  for (let i = 0; i < 10_000 && !(await step()); i += 1);
  await step();
  expect(requests).toBeGreaterThan(20);

  const now = Date.now();
  const { events } = await writer.feed.changesSince(null, 1_000_000);
  const current = events.filter((event) => event.endMs >= now + 60_000);
  for (const event of current) {
    expect(mirror.get(event.id)?.updatedAt, `event ${event.id}`).toBe(new Date(event.updatedMs).toISOString());
  }
  const known = new Set(events.map((event) => event.id));
  for (const id of mirror.keys()) expect(known.has(id), `event ${id} was deleted`).toBe(true);
}, 180_000);
