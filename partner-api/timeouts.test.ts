import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, SERVER_TIMEOUTS } from './app';
import { manualClock } from './clock';
import { testServiceConfig } from './env';
import type { Store } from './store/port';
import { openTestStore } from './testing/fixtures';

let app: FastifyInstance | undefined;
let store: Store | undefined;
afterEach(async () => {
  await app?.close();
  await store?.close();
  app = undefined;
  store = undefined;
});

async function start(timeouts?: Parameters<typeof buildApp>[0]['timeouts']): Promise<number> {
  store = await openTestStore();
  app = await buildApp({ store, clock: manualClock(Date.now()), config: testServiceConfig(), timeouts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Opens a raw connection and resolves with everything received once the server closes it, and when. */
function rawConnection(port: number): { socket: Socket; closed: Promise<{ text: string; afterMs: number }> } {
  const socket = connect(port, '127.0.0.1');
  const opened = performance.now();
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const closed = new Promise<{ text: string; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ text, afterMs: performance.now() - opened })),
  );
  socket.on('error', () => {});
  return { socket, closed };
}

describe('service connection timeouts', () => {
  it('applies the documented timeouts to its HTTP server', async () => {
    await start();
    const server = app!.server;
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.http.headersTimeout);
    expect(server.timeout).toBe(SERVER_TIMEOUTS.connectionTimeout);
    // Far below Fastify's defaults (72 s keep-alive, no request timeout).
    expect(SERVER_TIMEOUTS.keepAliveTimeout).toBeLessThanOrEqual(10_000);
    expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(0);
  });

  it('answers 408 to a request whose body never completes, and closes the connection', async () => {
    const port = await start({ requestTimeout: 1_000, http: { headersTimeout: 800 } });
    const { socket, closed } = rawConnection(port);
    socket.write(
      'POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"grant',
    );
    const { text, afterMs } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(10_000);
  });

  it('drops a connection whose headers never complete', async () => {
    const port = await start({ requestTimeout: 2_000, http: { headersTimeout: 500 } });
    const { socket, closed } = rawConnection(port);
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    const { text, afterMs } = await closed;
    expect(text).toMatch(/^(HTTP\/1\.1 408|)$/m);
    expect(afterMs).toBeLessThan(10_000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const port = await start({ keepAliveTimeout: 300 });
    const { socket, closed } = rawConnection(port);
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const { text, afterMs } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toMatch(/keep-alive/i);
    expect(afterMs).toBeLessThan(10_000);
  });
});
