import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { testServiceConfig } from '../env';
import { openTestStore } from '../testing/fixtures';
import { createHumanStream, createServiceLogger, logFormatFor } from './logger';
import { createTrafficCounter, formatTrafficWindow } from './traffic-summary';

describe('traffic counter', () => {
  it('counts answers by status class with median, p95 and slowest, then starts a new window', () => {
    const counter = createTrafficCounter();
    for (let ms = 1; ms <= 100; ms += 1) counter.record(ms === 100 ? 503 : ms > 90 ? 404 : 200, ms);
    counter.record(302, 0.5);
    const window = counter.take();
    expect(window).toEqual({
      requests: 101,
      byClass: { '2xx': 90, '3xx': 1, '4xx': 9, '5xx': 1 },
      p50Ms: 50,
      p95Ms: 95,
      maxMs: 100,
    });
    expect(counter.take()).toBeNull();
    counter.record(201, 7);
    expect(counter.take()).toMatchObject({ requests: 1, byClass: { '2xx': 1, '4xx': 0 }, p50Ms: 7, maxMs: 7 });
  });

  it('says it in one line, naming only the classes that occurred', () => {
    const line = formatTrafficWindow(
      { requests: 452, byClass: { '2xx': 440, '3xx': 0, '4xx': 10, '5xx': 2 }, p50Ms: 3.14, p95Ms: 12.4, maxMs: 40.6 },
      60_000,
    );
    expect(line).toBe('452 requests in the last 60 s: 440 2xx, 10 4xx, 2 5xx; median 3.1 ms, p95 12 ms, slowest 41 ms');
    expect(line).not.toContain('\n');
  });
});

describe('service logs', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function serviceLogging(level: 'info' | 'debug') {
    const lines: Record<string, unknown>[] = [];
    const logger = createServiceLogger(level, {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const store = await openTestStore();
    const app = await buildApp({
      store,
      clock: manualClock(Date.UTC(2026, 0, 1)),
      config: testServiceConfig(),
      logger,
    });
    apps.push({ close: () => app.close().finally(() => store.close()) });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/v2/event/1' });
    return { app, lines };
  }

  it('writes no line per request at info, and one traffic summary for the window when it ends', async () => {
    const { app, lines } = await serviceLogging('info');
    expect(lines.filter((line) => line.req !== undefined || line.res !== undefined)).toEqual([]);
    await app.close();
    const summaries = lines.filter((line) => line.traffic !== undefined);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      level: 30,
      traffic: { requests: 3, byClass: { '2xx': 2, '4xx': 1 } },
      msg: expect.stringMatching(/^3 requests in the last \d+ s: 2 2xx, 1 4xx; median/) as unknown,
    });
  });

  it('logs each request at debug, with method, URL, status and time but no headers', async () => {
    const { lines } = await serviceLogging('debug');
    const requests = lines.filter((line) => line.level === 20 && line.res !== undefined);
    expect(requests.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/health 200 [\d.]+ ms$/),
      expect.stringMatching(/^GET \/health 200 [\d.]+ ms$/),
      expect.stringMatching(/^GET \/v2\/event\/1 401 [\d.]+ ms$/),
    ]);
    expect(JSON.stringify(requests)).not.toMatch(/authorization|cookie/i);
  });
});

describe('log format', () => {
  it('is human on a terminal and JSON otherwise', () => {
    expect(logFormatFor({ isTTY: true })).toBe('human');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
  });

  it('prints one plain line per entry in the human format: time, level, message; errors keep their stack', () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const logger = createServiceLogger('info', createHumanStream(sink));
    logger.info(
      { traffic: { requests: 3 } },
      '3 requests in the last 60 s: 3 2xx; median 1 ms, p95 1 ms, slowest 1 ms',
    );
    logger.error({ err: new Error('disk full') }, 'unexpected error');
    const [summary, ...rest] = out.split('\n');
    expect(summary).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: 3 requests in the last 60 s: 3 2xx; median 1 ms/);
    expect(summary).not.toMatch(/traffic|\{/);
    expect(rest.join('\n')).toMatch(/ERROR: unexpected error\n[\s\S]*disk full[\s\S]*at /);
    expect(out).not.toContain('"level"');
  });
});
