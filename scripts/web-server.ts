/**
 * Serves the production build (`next build`) like `next start`, with pre-compressed static files and compressed
 * dynamic answers (scripts/lib/web-server.ts). `npm start` and the end-to-end suite both run it.
 * Usage: tsx scripts/web-server.ts [-p port] [-H hostname]
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { createWebHandler } from './lib/web-server';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p', default: '3000' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port);
const hostname = values.hostname;
const dir = process.cwd();

const app = next({ dev: false, dir, port, hostname: hostname ?? 'localhost' });
await app.prepare();
const server = createServer(createWebHandler({ dir, next: app.getRequestHandler() }));
server.listen(port, hostname, () => {
  console.log(`[web] listening on http://${hostname ?? 'localhost'}:${port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
