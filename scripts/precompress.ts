/*
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible static file the server
 * answers itself (scripts/lib/web-server.ts): Next's chunks under .next/static and public/ (MapLibre's modules, the
 * basemap). Done once per build, so the highest levels cost nothing per request. A copy that would not be smaller is
 * not written (the server then sends the file as is). Run by `npm run build` after `next build`.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { precompressTargets } from './lib/precompress-targets';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // a folder the build did not write
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const started = performance.now();
let files = 0;
let before = 0;
let afterBrotli = 0;
const jobs: Promise<void>[] = [];
for (const root of ['.next/static', 'public']) {
  for await (const path of walk(join(process.cwd(), root))) {
    if (!precompressTargets(path)) continue;
    jobs.push(
      (async () => {
        const body = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < body.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
        files += 1;
        before += body.length;
        afterBrotli += Math.min(br.length, body.length);
      })(),
    );
  }
}
await Promise.all(jobs);
const kb = (n: number) => `${Math.round(n / 1024)} KiB`;
console.log(
  `precompressed ${files} files (${kb(before)} → ${kb(afterBrotli)} brotli) in ${Math.round(performance.now() - started)} ms`,
);
