import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebHandler } from './web-server';

const CHUNK = 'console.log("a chunk");'.repeat(200);
const LAND = JSON.stringify({ type: 'FeatureCollection', features: [] }).repeat(100);
const EVENTS = JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Event ${id}` })) });

let dir: string;
let server: Server;
let base: string;
const nextCalls: string[] = [];

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-server-'));
  const chunks = join(dir, '.next', 'static', 'chunks');
  mkdirSync(chunks, { recursive: true });
  writeFileSync(join(chunks, 'app.js'), CHUNK);
  writeFileSync(join(chunks, 'app.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(join(chunks, 'app.js.gz'), gzipSync(CHUNK));
  mkdirSync(join(dir, 'public', 'basemap'), { recursive: true });
  writeFileSync(join(dir, 'public', 'basemap', 'land.geojson'), LAND);
  writeFileSync(join(dir, 'public', 'basemap', 'land.geojson.br'), brotliCompressSync(LAND));
  mkdirSync(join(dir, 'public', 'maplibre', '6.0.0'), { recursive: true });
  writeFileSync(join(dir, 'public', 'maplibre', '6.0.0', 'maplibre-gl.mjs'), CHUNK);

  const handler = createWebHandler({
    dir,
    next: (req, res) => {
      nextCalls.push(req.url ?? '');
      if (req.url?.startsWith('/api/events')) {
        res.setHeader('Content-Type', 'application/json');
        res.end(EVENTS);
      } else if (req.url === '/tiny') {
        res.setHeader('Content-Type', 'text/plain');
        res.end('ok');
      } else {
        res.statusCode = 404;
        res.end('not found');
      }
    },
  });
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the brotli copy of a Next chunk to a browser that accepts it, cached for a year', async () => {
    const answer = await get('/_next/static/chunks/app.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(answer.body).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/_next/static/chunks/app.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(CHUNK);
    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
  });

  it('serves public/ files pre-compressed, revalidated by ETag; MapLibre under its version is immutable', async () => {
    const land = await get('/basemap/land.geojson', 'br');
    expect(land.headers['content-encoding']).toBe('br');
    expect(land.headers['cache-control']).toBe('public,max-age=0,must-revalidate');
    expect(land.headers['etag']).toBeTruthy();
    expect(brotliDecompressSync(land.body).toString()).toBe(LAND);
    const maplibre = await get('/maplibre/6.0.0/maplibre-gl.mjs', 'br');
    expect(maplibre.headers['cache-control']).toBe('public,max-age=31536000,immutable');
  });

  it('leaves a missing static file to Next, with its URL untouched', async () => {
    nextCalls.length = 0;
    const answer = await get('/_next/static/chunks/missing.js', 'br');
    expect(answer.status).toBe(404);
    expect(nextCalls).toEqual(['/_next/static/chunks/missing.js']);
  });
});

describe('dynamic answers', () => {
  it('compresses an API answer with brotli or gzip, by what the browser accepts', async () => {
    const br = await get('/api/events?minLng=1', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(EVENTS.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(EVENTS);
    const gz = await get('/api/events?minLng=1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(EVENTS);
  });

  it('sends small answers and clients that accept no encoding as they are', async () => {
    const tiny = await get('/tiny', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('ok');
    const plain = await get('/api/events');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(EVENTS);
  });
});
