/*
 * The journeys' own HTTP client (`request`, fixtures/test.ts) against a server that closes a kept-alive connection
 * just as the client reuses it, as the servers under test do to a connection idle for 5 s: a GET is sent again on a
 * new connection, a POST is not.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures/test';

let server: Server;
let base = '';
/** Requests each connection has carried; the first connection is reset on its second request. */
const carried = new Map<Socket, number>();
let connections = 0;

test.beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    const first = connections === 1;
    carried.set(socket, 0);
    socket.on('data', () => {
      const seen = (carried.get(socket) ?? 0) + 1;
      carried.set(socket, seen);
      if (first && seen === 2) {
        socket.resetAndDestroy();
        return;
      }
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nKeep-Alive: timeout=5\r\n\r\nok',
      );
    });
    socket.on('close', () => carried.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.beforeEach(() => {
  for (const socket of carried.keys()) socket.destroy();
  connections = 0;
});

test('a GET on a socket the server was closing is sent again on a new one', async ({ request }) => {
  expect((await request.get(`${base}/a`)).status()).toBe(200);
  expect((await request.get(`${base}/b`)).status()).toBe(200);
  expect(connections).toBe(2);
});

test('a POST on a socket the server was closing fails rather than being sent twice', async ({ request }) => {
  expect((await request.post(`${base}/a`, { data: {} })).status()).toBe(200);
  await expect(request.post(`${base}/b`, { data: {} })).rejects.toThrow(/ECONNRESET/);
});
