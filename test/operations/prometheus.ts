import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Prometheus server (`apt-get install prometheus`; .ci/run installs it). */
export const PROMETHEUS_BIN = '/usr/bin/prometheus';

/** A free loopback port (taken and released: good enough for a throwaway server started right after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ThrowawayPrometheus {
  url: string;
  /** The value of an instant PromQL query's single sample, or undefined while it has none. */
  queryValue(promql: string): Promise<number | undefined>;
  /** Polls `queryValue` until `accept` holds (or throws after `timeoutMs`, naming the last value). */
  waitFor(promql: string, accept: (value: number) => boolean, timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a real Prometheus on a loopback port, with a throwaway configuration and data folder, scraping `targets`
 * (job name → `host:port`) every second.
 */
export async function startPrometheus(targets: Record<string, string>): Promise<ThrowawayPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-prometheus-'));
  const port = await freePort();
  const jobs = Object.entries(targets)
    .map(([job, target]) => `  - job_name: ${job}\n    static_configs:\n      - targets: ['${target}']\n`)
    .join('');
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  scrape_timeout: 900ms\n  evaluation_interval: 1s\nscrape_configs:\n${jobs}`,
  );
  const child: ChildProcess = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${log}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`prometheus did not become ready: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  async function queryValue(promql: string): Promise<number | undefined> {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { resultType: string; result: Array<{ value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`PromQL ${promql}: ${body.error ?? response.status}`);
    const sample = body.data?.result[0];
    return sample ? Number(sample.value[1]) : undefined;
  }

  return {
    url,
    queryValue,
    async waitFor(promql, accept, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let last: number | undefined;
      for (;;) {
        last = await queryValue(promql);
        if (last !== undefined && accept(last)) return last;
        if (Date.now() > until) throw new Error(`PromQL ${promql}: still ${String(last)} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
