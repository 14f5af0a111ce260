/**
 * The seeded e2e service and the production web server (scripts/web-server.ts, as `npm start` serves the app), started
 * on their own ports for the browser benchmarks (bench/lighthouse.ts, bench/first-gesture.ts). Needs `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';

export interface BenchServers {
  service: string;
  web: string;
  /** Stops both servers and what they started (each runs in a process group of its own). */
  stop: () => void;
}

/**
 * Waits until `url` answers below 500 (a server coming up), failing at once if `child` exits meanwhile, or after
 * `timeoutMs`. Shared by the benchmarks that start servers of their own.
 */
export async function waitForServer(
  url: string,
  child?: ChildProcess,
  { timeoutMs = 180_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += intervalMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not come up`);
}

export async function startBenchServers({
  servicePort,
  webPort,
  dir,
}: {
  servicePort: number;
  webPort: number;
  /** Where the service's database and the web app's catalogue mirror go. */
  dir: string;
}): Promise<BenchServers> {
  mkdirSync(dir, { recursive: true });
  const service = `http://127.0.0.1:${servicePort}`;
  const web = `http://127.0.0.1:${webPort}`;
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children)
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  try {
    const serviceProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-service.ts'], {
      env: {
        ...process.env,
        PARTNER_API_PORT: String(servicePort),
        PARTNER_API_DB: `${dir}/partner-api.sqlite`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    children.push(serviceProcess);
    await waitForServer(`${service}/health`, serviceProcess);
    const webProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/web-server.ts', '-p', String(webPort), '-H', '127.0.0.1'],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PARTNER_API_URL: service,
          PARTNER_CLIENT_ID: 'demo',
          PARTNER_CLIENT_SECRET: 'demo-secret',
          PARTNER_LINKS_ORIGIN: service,
          SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
          CATALOGUE_MIRROR_FILE: `${dir}/catalogue-mirror.sqlite`,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
      },
    );
    children.push(webProcess);
    await waitForServer(`${web}/`, webProcess);
  } catch (error) {
    stop();
    throw error;
  }
  return { service, web, stop };
}
