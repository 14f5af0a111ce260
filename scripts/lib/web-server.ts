/*
 * The production web server around Next's request handler. Next cannot serve a file it has pre-compressed (its
 * `compress` option gzips every answer at run time, at a fixed level), so this server answers static files itself —
 * Next's hashed chunks under /_next/static and public/ (MapLibre's modules, the basemap) — choosing the brotli or gzip
 * copy written at build time (scripts/precompress.ts) with sirv, and compresses the rest (pages, /api/*) on the fly at
 * a cheap level with `compression`. Whatever it does not find goes to Next unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import sirv from 'sirv';
import { securityHeaders } from '../../lib/http/security-headers.mjs';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * On-the-fly levels for dynamic answers: brotli 4 and gzip 4 compress the 500-event explorer answer in a few
 * milliseconds for most of the saving of the highest levels, which cost hundreds of times more (docs/design.md §5,
 * docs/web-delivery.md).
 */
export const DYNAMIC_COMPRESSION = { brotliQuality: 4, gzipLevel: 4, thresholdBytes: 1024 } as const;

const STATIC_PREFIX = '/_next/static/';
const ONE_YEAR = 31_536_000;

export interface WebHandlerOptions {
  /** The project root: `.next/static` and `public/` are read from it once, at start. */
  dir: string;
  /** Next's request handler (or any handler, in tests). */
  next: RequestHandler;
}

/** Builds the server's request handler: pre-compressed static files first, then Next behind cheap compression. */
export function createWebHandler({ dir, next }: WebHandlerOptions): RequestHandler {
  const headers = securityHeaders(true);
  const setHeaders = (res: ServerResponse, pathname: string) => {
    for (const { key, value } of headers) res.setHeader(key, value);
    // MapLibre's modules live under their version's folder: a new version is a new URL.
    if (pathname.startsWith('/maplibre/')) res.setHeader('Cache-Control', `public,max-age=${ONE_YEAR},immutable`);
  };
  const shared = { brotli: true, gzip: true, etag: true, extensions: [] as string[], dev: false, setHeaders };
  // Hashed file names: cached for a year, as Next itself does.
  const nextStatic = sirv(join(dir, '.next', 'static'), { ...shared, maxAge: ONE_YEAR, immutable: true });
  // public/ keeps its names across builds: revalidated on each use (by ETag), as Next does.
  const publicFiles = sirv(join(dir, 'public'), { ...shared, maxAge: 0 });
  const compress = compression({
    level: DYNAMIC_COMPRESSION.gzipLevel,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_COMPRESSION.brotliQuality } },
    threshold: DYNAMIC_COMPRESSION.thresholdBytes,
  });
  const dynamic = (req: IncomingMessage, res: ServerResponse) => {
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => void next(req, res));
  };

  return (req, res) => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return dynamic(req, res);
    if (url.startsWith(STATIC_PREFIX)) {
      req.url = url.slice(STATIC_PREFIX.length - 1);
      return nextStatic(req, res, () => {
        req.url = url;
        dynamic(req, res);
      });
    }
    return publicFiles(req, res, () => dynamic(req, res));
  };
}
