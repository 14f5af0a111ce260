/**
 * `npm run bench`: runs every benchmark module of bench/ in sequence, each in its own process (so one's memory
 * and JIT state cannot skew the next), forwarding the command-line arguments. Add a module to BENCH_MODULES.
 *
 *   npm run bench                        # every module at its default size
 *   npm run bench -- --events 1000000    # modules that take --events use it
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Benchmark modules, run in this order; each writes its figures to bench/results/. */
const BENCH_MODULES = ['events.ts'];

let failed = 0;
for (const name of BENCH_MODULES) {
  const file = join(here, name);
  if (!existsSync(file)) continue;
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench/${name} failed (${result.status ?? result.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
