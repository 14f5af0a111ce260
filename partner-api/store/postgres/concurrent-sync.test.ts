import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { manualClock } from '@/partner-api/clock';
import { createRng } from '@/partner-api/seed/rng';
import { openStore } from '@/partner-api/store/open-store';
import type { FeedCursor, Store } from '@/partner-api/store/port';
import { FIXTURE_NOW_MS, makeEventInput, TEST_PUBLIC_URL } from '@/partner-api/testing/fixtures';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';

/*
 * Lossless sync under concurrency (docs/design.md §4.5): two writer PROCESSES change the catalogue at the same time
 * while a mirror follows the change feed, alternating between two replicas (separate pools, as two service processes
 * have) at random page sizes. Whatever the interleaving, the mirror must end up equal to the catalogue, and must
 * hold every acknowledged write: a row committed after a later-stamped one would be skipped for good.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WRITER = 'partner-api/testing/catalogue-writer.ts';
const stores: Store[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

interface Writer {
  lines: string[];
  exit: Promise<number | null>;
}

function startWriter(database: string, seed: string, writes: number): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, database, seed, String(writes)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  return { lines, exit: once(child, 'exit').then(([code]) => code as number | null) };
}

interface Mirrored {
  updatedMs: number;
  json: string | null;
}

test('a mirror alternating between two replicas converges while two writer processes write', async () => {
  const database = await createPostgresTestDatabase();
  const clock = manualClock(FIXTURE_NOW_MS);
  const open = async () => {
    const store = await openStore({ database, clock, publicUrl: TEST_PUBLIC_URL });
    stores.push(store);
    return store;
  };
  const replicas = [await open(), await open()] as const;
  for (let i = 0; i < 20; i += 1) await replicas[0].catalogue.createEvent(makeEventInput());

  const writers = [startWriter(database, 'a', 120), startWriter(database, 'b', 120)];
  let running = writers.length;
  for (const writer of writers) void writer.exit.then(() => (running -= 1));

  const rng = createRng('mirror');
  const mirror = new Map<number, Mirrored>();
  let cursor: FeedCursor | null = null;
  let turn = 0;
  const syncPage = async (): Promise<boolean> => {
    const replica = replicas[turn++ % 2] as Store;
    const changes = await replica.feed.changesSince(cursor, rng.int(1, 9));
    if (changes.reset && cursor === null) mirror.clear();
    for (const id of changes.deletedIds) mirror.delete(id);
    const ids = changes.events.map((event) => event.id);
    const json = await replica.catalogue.eventJsonByIds(ids, { commentaries: true, performers: true });
    const byId = new Map(json.map((buffer) => [Number(/^\{"id":(\d+)/.exec(buffer.toString('utf8'))?.[1]), buffer]));
    for (const event of changes.events) {
      mirror.set(event.id, { updatedMs: event.updatedMs, json: byId.get(event.id)?.toString('utf8') ?? null });
    }
    cursor = changes.cursor;
    return changes.complete;
  };

  let pages = 0;
  while (running > 0) {
    await syncPage();
    pages += 1;
  }
  expect(await Promise.all(writers.map((writer) => writer.exit))).toEqual([0, 0]);
  while (!(await syncPage())) pages += 1;
  // One more pass: JSON read while a later write was committing is refreshed by that write's own feed entry.
  await syncPage();
  expect(pages).toBeGreaterThan(10);

  // The catalogue as a fresh replica sees it.
  const truth = new Map<number, Mirrored>();
  const fresh = await open();
  const all = await fresh.feed.changesSince(null, 1_000_000);
  const json = await fresh.catalogue.eventJsonByIds(
    all.events.map((event) => event.id),
    { commentaries: true, performers: true },
  );
  all.events.forEach((event, index) =>
    truth.set(event.id, { updatedMs: event.updatedMs, json: json[index]?.toString('utf8') ?? null }),
  );
  expect(new Map([...mirror].sort(([a], [b]) => a - b))).toEqual(new Map([...truth].sort(([a], [b]) => a - b)));

  // Every acknowledged write is in: a created event is there unless deleted since, a write's stamp is at most the
  // event's current one, a deletion removed it for good.
  const deleted = new Set<number>();
  let acknowledged = 0;
  for (const line of writers.flatMap((writer) => writer.lines)) {
    const [kind, id] = line.split(' ');
    if (kind === 'deleted') deleted.add(Number(id));
  }
  for (const line of writers.flatMap((writer) => writer.lines)) {
    const [kind, idText, stampText] = line.split(' ');
    const id = Number(idText);
    if (kind === 'created' || kind === 'wrote') {
      acknowledged += 1;
      if (deleted.has(id)) expect(mirror.has(id)).toBe(false);
      else expect(mirror.get(id)?.updatedMs ?? -1).toBeGreaterThanOrEqual(kind === 'wrote' ? Number(stampText) : 0);
    }
  }
  expect(acknowledged).toBeGreaterThan(100);
  const stamps = [...truth.values()].map((entry) => entry.updatedMs);
  expect(new Set(stamps).size).toBe(stamps.length);
}, 180_000);
