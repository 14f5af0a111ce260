/**
 * The floor of any proxy on this machine, for bench/proxy.ts: a bare node:http server that forwards each request to
 * the Partner API unchanged (one keep-alive agent, the answer buffered, then sent with its length) and does nothing
 * else. Run as its own process, it adds the same process hop as the web app, without Next.js.
 * Usage: npx tsx bench/bare-proxy.ts <listen port> <service base URL>
 */
import http from 'node:http';

const [port, target] = [Number(process.argv[2]), new URL(process.argv[3] ?? 'http://127.0.0.1:4000')];
const agent = new http.Agent({ keepAlive: true });

http
  .createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = { ...request.headers, host: target.host, 'content-length': String(body.length) };
      const upstream = http.request(
        new URL(request.url ?? '/', target),
        { method: request.method, headers, agent },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const bytes = Buffer.concat(parts);
            response.writeHead(answer.statusCode ?? 502, {
              'content-type': answer.headers['content-type'] ?? 'application/json',
              'content-length': bytes.length,
            });
            response.end(bytes);
          });
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      upstream.end(body);
    });
  })
  .listen(port, '127.0.0.1');
