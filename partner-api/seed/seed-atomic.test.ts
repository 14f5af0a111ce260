import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EVENT_COUNT, seedDemoCatalogue, startService } from '../main';
import { testServiceConfig } from '../env';
import { openDatabase } from '../store/sqlite/open';
import { INGEST_SEED_MAX_EVENTS } from './seed-catalogue';

/*
 * A seed killed with SIGKILL half-way (the worst case: no handler runs) must leave the catalogue complete — empty
 * before a first seed (then redone at the next start), the old one before a --reset — never part of the new one.
 */
const directory = mkdtempSync(join(tmpdir(), 'eventmap-seed-kill-'));
const dbFile = join(directory, 'partner-api.sqlite');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Runs `cli seed …` (one process: tsx's own CLI would fork a second one) and kills it with SIGKILL once it reports its first batch; resolves when it is gone. */
function seedAndKill(args: string[]): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'seed', ...args], {
      env: { ...process.env, PARTNER_API_DB: dbFile, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Seeding: \d+ of/.test(output)) child.kill('SIGKILL');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ output, signal }));
  });
}

function catalogue(): {
  events: number;
  places: number;
  records: number;
  firstTitle: string | undefined;
  completed: string | undefined;
} {
  const db = openDatabase(dbFile);
  try {
    return {
      events: db.prepare('SELECT count(*) FROM events').pluck().get() as number,
      places: db.prepare('SELECT count(*) FROM places').pluck().get() as number,
      records: db.prepare('SELECT count(*) FROM ingest_sources').pluck().get() as number,
      firstTitle: db.prepare('SELECT name FROM events ORDER BY id LIMIT 1').pluck().get() as string | undefined,
      completed: db.prepare(`SELECT value FROM meta WHERE key = 'seed_completed_ms'`).pluck().get() as
        string | undefined,
      ...(db.pragma('integrity_check', { simple: true }) === 'ok' ? {} : { events: -1 }),
    };
  } finally {
    db.close();
  }
}

describe('seeding, killed half-way', { timeout: 180_000 }, () => {
  it('leaves nothing of an interrupted first seed, and the next start seeds the whole demo catalogue', async () => {
    const killed = await seedAndKill(['--events', '40000', '--seed', 'first']);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.output).toMatch(/Seeding: 2000 of 40000/);
    expect(catalogue()).toEqual({ events: 0, places: 0, records: 0, firstTitle: undefined, completed: undefined });

    const service = await startService(testServiceConfig({ database: dbFile, port: 0 }), {
      seedDemo: async (store, clock) => void (await seedDemoCatalogue(store, clock())),
    });
    await service.close();
    const after = catalogue();
    expect(after.events).toBe(DEMO_EVENT_COUNT);
    expect(after.completed).toMatch(/^\d+$/);
  });

  it('keeps the whole old catalogue when a --reset is killed, and the next --reset replaces it whole', async () => {
    const before = catalogue();
    expect(before.events).toBe(DEMO_EVENT_COUNT);

    const killed = await seedAndKill(['--events', '40000', '--seed', 'second', '--reset']);
    expect(killed.signal).toBe('SIGKILL');
    expect(catalogue()).toEqual(before);

    const done = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'partner-api/cli.ts', 'seed', '--events', '300', '--reset'],
        {
          env: { ...process.env, PARTNER_API_DB: dbFile, NODE_ENV: 'development' },
          stdio: 'ignore',
        },
      );
      child.on('exit', resolve);
    });
    expect(done).toBe(0);
    const replaced = catalogue();
    expect(replaced.events).toBe(300);
    expect(replaced.records).toBeGreaterThanOrEqual(300);
    expect(Number(replaced.completed)).toBeGreaterThan(Number(before.completed));
  });

  it('keeps the whole old catalogue, source records included, when a seed through ingestion is killed', async () => {
    const before = catalogue();
    expect(before.events).toBe(300);
    // The largest seed that goes through the ingestion path: killed once its first batch is ingested and enriched.
    const killed = await seedAndKill(['--events', String(INGEST_SEED_MAX_EVENTS), '--seed', 'third', '--reset']);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.output).toMatch(new RegExp(`Seeding: 2000 of ${INGEST_SEED_MAX_EVENTS}`));
    expect(catalogue()).toEqual(before);
  });
});
