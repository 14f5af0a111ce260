/**
 * What on-the-fly compression of a dynamic answer costs and saves, by level: the full 500-event `/api/events` page
 * and the explorer's `/api/explorer/events` page for the same viewport, each compressed in process (median of 15),
 * to choose the server's levels (scripts/lib/web-server.ts). Against a running production web app:
 *   npx tsx bench/compression.ts [baseUrl]   (default http://127.0.0.1:3000) → bench/results/compression.json
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
// Mainland France over the coming year: a full page of 500 in the seeded catalogue.
const window = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 365 * 86_400_000).toISOString()}`;
const COUNTRY = `minLng=-5.2&maxLng=9.6&minLat=41.3&maxLat=51.1&limit=500&${window}`;
const RUNS = 15;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function measure(body: Buffer, compress: (b: Buffer) => Buffer) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    size = compress(body).length;
    times.push(performance.now() - started);
  }
  return { bytes: size, ms: Math.round(median(times) * 100) / 100 };
}

const codecs: Record<string, (b: Buffer) => Buffer> = {
  'gzip-1': (b) => gzipSync(b, { level: 1 }),
  'gzip-4': (b) => gzipSync(b, { level: 4 }),
  'gzip-6': (b) => gzipSync(b, { level: 6 }),
  'gzip-9': (b) => gzipSync(b, { level: 9 }),
  'br-1': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  'br-4': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  'br-6': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  'br-11': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
};

const results: Record<string, unknown> = { load: loadavg().map((l) => Math.round(l * 100) / 100), runs: RUNS };
for (const path of ['/api/events', '/api/explorer/events']) {
  const res = await fetch(`${base}${path}?${COUNTRY}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const events = (JSON.parse(body.toString()) as { data: unknown[] }).data.length;
  const row: Record<string, unknown> = { events, bytes: body.length };
  for (const [name, codec] of Object.entries(codecs)) row[name] = measure(body, codec);
  results[path] = row;
  console.log(path, JSON.stringify(row));
}
writeFileSync('bench/results/compression.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(`load average ${(results.load as number[]).join(' ')}`);
