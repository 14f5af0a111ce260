/**
 * `npm run bench`: runs every benchmark module of bench/ in sequence, each in its own process (so one's memory
 * and JIT state cannot skew the next). Add a module to BENCH_MODULES with the arguments it takes.
 *
 *   npm run bench                        # every module at its default size (100 000 events)
 *   npm run bench -- --events 1000000    # the same at 1 000 000 events
 *   npm run bench -- --store postgres    # on PostgreSQL: seeding, the events matrix, replicas (bench/postgres.ts)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const { values } = parseArgs({
  args: argv,
  options: { events: { type: 'string' }, store: { type: 'string' } },
  strict: false,
});
const events = typeof values.events === 'string' ? values.events : '100000';

if (values.store === 'postgres') {
  // One script owns the throwaway PostgreSQL server of all three runs.
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'postgres.ts'), '--events', events], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
} else if (values.store !== undefined && values.store !== 'sqlite') {
  console.error('--store is sqlite (the default) or postgres.');
  process.exit(2);
}

interface BenchModule {
  file: string;
  args: string[];
  /** Why the module cannot run now, or null. */
  skip?: () => string | null;
}

/** Benchmark modules, run in this order; each writes its figures to bench/results/. */
const BENCH_MODULES: BenchModule[] = [
  { file: 'seed.ts', args: [events] },
  { file: 'events.ts', args: argv },
  { file: 'search.ts', args: argv },
  { file: 'gazetteer.ts', args: [] },
  {
    file: 'proxy.ts',
    args: [],
    skip: () => (existsSync(join(here, '..', '.next', 'BUILD_ID')) ? null : 'needs a production build (npm run build)'),
  },
];

let failed = 0;
for (const { file, args, skip } of BENCH_MODULES) {
  const path = join(here, file);
  if (!existsSync(path)) continue;
  const reason = skip?.() ?? null;
  if (reason) {
    console.log(`\n=== bench/${file}: skipped, ${reason} ===`);
    continue;
  }
  console.log(`\n=== bench/${file} ${args.join(' ')} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path, ...args], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench/${file} failed (${result.status ?? result.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
