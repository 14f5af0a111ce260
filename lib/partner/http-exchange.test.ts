import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from './http-exchange';

/*
 * A server that, like any keep-alive server closing an idle connection, resets the first connection of each test when
 * its second request arrives on it: the client has reused a socket the server was dropping. `closing` holds the
 * connections a test has marked as dropped (all the idle ones at once, as a server's idle timeout does after a pause).
 */
let server: Server;
let base = '';
let requests = 0;
const connections = new Map<Socket, number>();
const closing = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    connections.set(socket, 0);
    socket.on('data', () => {
      const seen = (connections.get(socket) ?? 0) + 1;
      connections.set(socket, seen);
      requests += 1;
      if (closing.has(socket) || (seen === 2 && connections.size === 1)) {
        socket.resetAndDestroy();
        return;
      }
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nKeep-Alive: timeout=5\r\n\r\n{}',
      );
    });
    socket.on('close', () => {
      connections.delete(socket);
      closing.delete(socket);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function call(path: string, method: 'GET' | 'POST', idempotent?: boolean) {
  return exchange({
    url: new URL(base + path),
    method,
    headers: {},
    ...(method === 'POST' ? { body: '{}' } : {}),
    signal: AbortSignal.timeout(2_000),
    ...(idempotent === undefined ? {} : { idempotent }),
  });
}

async function drop(): Promise<void> {
  // Let the server forget every connection so the next test's first one is "the first connection" again.
  for (const socket of connections.keys()) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('exchange over kept-alive sockets', () => {
  it('resends an idempotent request once when the reused socket was being closed by the server', async () => {
    await drop();
    expect((await call('/a', 'GET')).status).toBe(200);
    const before = requests;
    expect((await call('/b', 'GET')).status).toBe(200);
    expect(requests - before).toBe(2); // the reset attempt, then the resend on a fresh connection
  });

  it('resends on a new connection even when every kept-alive socket was being closed', async () => {
    await drop();
    // Three sockets in the pool, then the server drops them all as idle: the resend must not take another of them.
    await Promise.all([call('/a', 'GET'), call('/b', 'GET'), call('/c', 'GET')]);
    expect(connections.size).toBe(3);
    for (const socket of connections.keys()) closing.add(socket);
    const before = requests;
    expect((await call('/d', 'GET')).status).toBe(200);
    expect(requests - before).toBe(2);
  });

  it('never resends a request marked not idempotent (a login)', async () => {
    await drop();
    expect((await call('/login', 'POST', false)).status).toBe(200);
    await expect(call('/login', 'POST', false)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
