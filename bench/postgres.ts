/**
 * `npm run bench -- --store postgres [--events N]`: the Partner API's benchmarks on PostgreSQL, each against a
 * throwaway server this script starts (partner-api/testing/postgres-server.ts, loopback only) and stops:
 *
 * 1. seeding N events through the seed session (COPY): time, CPU, peak RSS of the seeding process, database size;
 * 2. the events matrix, page 100 and the catalogue walk (bench/events.ts on that database: bench/results/events[-N]-postgres.*);
 * 3. replicas: the visibility lag and 1 vs 2 replicas (bench/replicas.ts: bench/results/replicas-N.*).
 *
 *   npx tsx bench/postgres.ts [--events 100000] [--pg-port 55434] [--only seed,events,replicas]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    'pg-port': { type: 'string', default: '55434' },
    only: { type: 'string', default: 'seed,events,replicas' },
    child: { type: 'string' },
    store: { type: 'string' },
  },
  strict: false,
});
const events = Number(values.events);
const parts = new Set(String(values.only).split(','));

/** The seeding run, in its own process so its peak RSS is the seed's alone. */
async function seedChild(database: string): Promise<void> {
  const { openStore } = await import('../partner-api/store/open-store');
  const { systemClock } = await import('../partner-api/clock');
  const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
  const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
  const cpuStart = process.cpuUsage();
  const stats = await seedCatalogue(store.seeding, { events, seed: 'bench', now: Date.now(), batchSize: 5_000 });
  await store.search.optimize();
  const cpu = process.cpuUsage(cpuStart);
  await store.close();
  process.stdout.write(
    JSON.stringify({
      events: stats.events,
      durationMs: Math.round(stats.durationMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      eventsPerSecond: Math.round((stats.events / stats.durationMs) * 1000),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }) + '\n',
  );
}

function run(file: string, args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout);
  if (result.status !== 0) throw new Error(`bench/${file} failed (${result.status ?? result.signal})`);
  return result.stdout;
}

async function main(): Promise<void> {
  if (values.child) return seedChild(values.child as string);
  const { startPostgresServer } = await import('../partner-api/testing/postgres-server');
  const server = await startPostgresServer({ port: Number(values['pg-port']) });
  process.once('SIGINT', () => void server.stop().then(() => process.exit(130)));
  try {
    let seededDatabase: string | null = null;
    if (parts.has('seed')) {
      const database = await server.createDatabase({ name: 'seed_bench' });
      seededDatabase = database;
      const loadBefore = loadavg();
      console.log(`Seeding ${events.toLocaleString('en')} events into PostgreSQL (COPY)…`);
      const output = run('postgres.ts', ['--child', database, '--events', String(events)]);
      const seeded = JSON.parse(output.trim().split('\n').at(-1) as string) as Record<string, number>;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      const { rows } = await client.query<{ mb: string }>(
        'SELECT round(pg_database_size(current_database()) / 1048576.0) AS mb',
      );
      await client.end();
      const result = {
        ...seeded,
        databaseMb: Number(rows[0]?.mb),
        cpus: cpus().length,
        loadBefore,
        loadAfter: loadavg(),
      };
      mkdirSync(join(here, 'results'), { recursive: true });
      writeFileSync(join(here, 'results', `seed-postgres-${events}.json`), JSON.stringify(result, null, 2) + '\n');
      console.log(result);
    }
    if (parts.has('events')) {
      // The catalogue just seeded when there is one (at 1 000 000 events a second seed would take as long again).
      if (seededDatabase) run('events.ts', ['--events', String(events), '--db', seededDatabase, '--seeded']);
      else
        run('events.ts', ['--events', String(events), '--db', await server.createDatabase({ name: 'events_bench' })]);
    }
  } finally {
    await server.stop();
  }
  if (parts.has('replicas')) run('replicas.ts', ['--events', String(events)]);
}

await main();
