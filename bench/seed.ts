/**
 * Measures the seed claims of the store issue: 100 000 events "well under a minute" and 1 000 000 "without running
 * out of memory". Each size runs in its own child process (so peak RSS is that run's own) against a fresh database
 * file in WAL mode, as `npm run partner-api -- seed` would. Prints the figures and writes bench/results/seed.json.
 *
 *   npx tsx bench/seed.ts                  # 100 000 and 1 000 000
 *   npx tsx bench/seed.ts 100000           # only the given sizes
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface RunResult {
  events: number;
  durationMs: number;
  /** User + system CPU time of the seeding process: steadier than wall-clock on a shared machine. */
  cpuMs: number;
  eventsPerSecond: number;
  peakRssMb: number;
  databaseMb: number;
  places: number;
  performers: number;
  sources: number;
}

const NOW = Date.UTC(2026, 10, 22, 9, 0);

async function child(events: number, file: string): Promise<void> {
  const { openStore } = await import('../partner-api/store/open-store');
  const { systemClock } = await import('../partner-api/clock');
  const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
  const store = await openStore({ database: file, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
  const cpuStart = process.cpuUsage();
  let lastReport = 0;
  const stats = await seedCatalogue(store.seeding, {
    events,
    seed: 'bench',
    now: NOW,
    batchSize: 5_000,
    onProgress: (done, total) => {
      if (done - lastReport >= total / 10 || done === total) {
        lastReport = done;
        const rss = Math.round(process.memoryUsage().rss / 1048576);
        process.stderr.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} events, rss ${rss} MB\n`);
      }
    },
  });
  const cpu = process.cpuUsage(cpuStart);
  // Closing the last connection checkpoints the WAL into the file.
  await store.close();
  const result: RunResult = {
    events: stats.events,
    durationMs: stats.durationMs,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    eventsPerSecond: Math.round((stats.events / stats.durationMs) * 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    databaseMb: Math.round(statSync(file).size / 1048576),
    places: stats.places,
    performers: stats.performers,
    sources: stats.sources,
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

function parent(sizes: number[]): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const results: RunResult[] = [];
  for (const events of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'eventmap-seed-bench-'));
    try {
      console.log(`Seeding ${events.toLocaleString('en')} events…`);
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(events), join(dir, 'bench.sqlite')],
        { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', cwd: join(here, '..') },
      );
      if (run.status !== 0)
        throw new Error(`seeding ${events} events failed (exit ${run.status}, ${run.signal ?? ''})`);
      const result = JSON.parse(run.stdout.trim().split('\n').pop() as string) as RunResult;
      results.push(result);
      console.log(
        `  ${result.events.toLocaleString('en')} events in ${(result.durationMs / 1000).toFixed(1)} s ` +
          `(CPU ${(result.cpuMs / 1000).toFixed(1)} s) ` +
          `(${result.eventsPerSecond.toLocaleString('en')}/s), peak RSS ${result.peakRssMb} MB, ` +
          `database ${result.databaseMb} MB`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const out = join(here, 'results', 'seed.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        totalMemoryMb: Math.round(totalmem() / 1048576),
        loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
        note: 'Wall-clock on a shared machine (see loadAverage) and CPU time; each size in a fresh process and database file (WAL).',
        results,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`Wrote ${out}`);
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(Number(args[1]), args[2] as string);
} else {
  const sizes = args.length > 0 ? args.map(Number) : [100_000, 1_000_000];
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('sizes must be positive integers');
  parent(sizes);
}
