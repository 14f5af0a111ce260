import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coalesceHeaderWrites } from './coalesce-header-writes';

/*
 * The patch applies to every ServerResponse of the process (as in the Next server). These tests drive a plain
 * node:http server the way Next's pipe does — flushHeaders, write, end — and check what a client receives.
 */

let server: Server;
let base: string;
/** Resolves the pending "second chunk" of /stream when the client has seen the first one. */
let releaseSecondChunk: () => void = () => undefined;

beforeAll(async () => {
  coalesceHeaderWrites();
  coalesceHeaderWrites(); // idempotent: a second call must not wrap twice
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'text/plain');
    res.flushHeaders();
    if (req.url === '/single') {
      res.write('hello ');
      void Promise.resolve().then(() => res.end('world'));
      return;
    }
    // A streamed page: the second chunk is only written once the client has received the first.
    res.write('first;');
    void new Promise<void>((resolve) => (releaseSecondChunk = resolve)).then(() => res.end('second'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('coalesceHeaderWrites', () => {
  it('delivers the headers and the whole body unchanged', async () => {
    const response = await fetch(`${base}/single`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('hello world');
  });

  it('still sends a streamed first chunk without waiting for the rest', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      let text = '';
      request(`${base}/stream`, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Only reachable if the corked headers and first chunk were flushed on their own.
          if (text === 'first;') releaseSecondChunk();
        });
        res.on('end', () => resolve(text));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    expect(received).toBe('first;second');
  });
});
