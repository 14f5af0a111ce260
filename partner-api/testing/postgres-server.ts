import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * A throwaway PostgreSQL server for tests, benchmarks and local trials: `initdb` in a temporary directory, `pg_ctl
 * start` on a loopback port (the unix socket stays in that directory too), a database per test file cloned from a
 * prepared template, and `stop()` removes it all. PostgreSQL refuses to run as root, so under root every server
 * command runs as the `postgres` OS user (Debian's package creates it) and the directory is handed to that user.
 * Durability is switched off (fsync, synchronous_commit, full_page_writes): nothing here outlives the process.
 */

const run = promisify(execFile);

/** The directory of PostgreSQL's server programs (`initdb`, `pg_ctl`), or null when PostgreSQL is not installed. */
export function findPostgresBinDir(): string | null {
  // Debian's layout: /usr/lib/postgresql/<major>/bin; the newest major wins.
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return join(root, majors[0], 'bin');
  }
  for (const dir of ['/usr/local/pgsql/bin', '/usr/local/bin', '/usr/bin']) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

export interface PostgresServerOptions {
  /** Where `initdb` and `pg_ctl` live; default {@link findPostgresBinDir}. */
  binDir?: string;
  /** Loopback port; default a free one the OS picks. */
  port?: number;
  /** Connections the server accepts (every test file holds a pool). */
  maxConnections?: number;
}

export interface CreateDatabaseOptions {
  /** Database name; default a fresh unique one. */
  name?: string;
  /** Clone this database (a prepared, migrated template) instead of `template1`. */
  template?: string;
}

export interface PostgresServer {
  host: string;
  port: number;
  /** The superuser's URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** The URL of database `name` on this server. */
  urlOf(name: string): string;
  /** Creates a database (optionally a clone of a template) and returns its URL. */
  createDatabase(options?: CreateDatabaseOptions): Promise<string>;
  /** Drops a database, closing whatever connections remain on it. */
  dropDatabase(name: string): Promise<void>;
  /**
   * Shuts the server down as an operator's restart does (`pg_ctl stop -m fast`: sessions end, committed data stays),
   * keeping its directory so that {@link PostgresServer.startUp} brings it back on the same port.
   */
  shutDown(): Promise<void>;
  /** Starts a server that {@link PostgresServer.shutDown} stopped, on the same port and data. */
  startUp(): Promise<void>;
  /** Stops the server at once and deletes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

/** Servers of this process still running: stopped synchronously if the process exits without stopping them. */
const running = new Set<() => void>();
let exitHookInstalled = false;

function stopOnExit(stopNow: () => void): () => void {
  running.add(stopNow);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const stop of running) stop();
    });
  }
  return () => running.delete(stopNow);
}

const SUPERUSER = 'postgres';
const HOST = '127.0.0.1';

/** A port the OS reports free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a PostgreSQL program, as the `postgres` OS user when this process is root. */
async function runServerCommand(binDir: string, program: string, args: string[], asPostgres: boolean): Promise<void> {
  const file = join(binDir, program);
  if (asPostgres) await run('runuser', ['-u', SUPERUSER, '--', file, ...args]);
  else await run(file, args);
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SUPERUSER]), run('id', ['-g', SUPERUSER])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

let databaseCounter = 0;

/** Starts a throwaway PostgreSQL server; throws with the server's log when it cannot. */
export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const binDir = options.binDir ?? findPostgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed (no initdb found; Debian: apt-get install postgresql)');
  const asPostgres = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'eventmap-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asPostgres) {
    const { uid, gid } = await postgresUserIds();
    await chown(dir, uid, gid);
  }
  let started = false;
  const serverArgs = (program: string, args: string[]): [string, string[]] =>
    asPostgres ? ['runuser', ['-u', SUPERUSER, '--', join(binDir, program), ...args]] : [join(binDir, program), args];
  // A process killed by a timeout or Ctrl-C still takes its server down (a postmaster outlives its parent).
  const forget = stopOnExit(() => {
    if (started) {
      try {
        execFileSync(...serverArgs('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const stop = async () => {
    forget();
    if (started) {
      started = false;
      // `immediate` skips the shutdown checkpoint: the data is thrown away anyway.
      await runServerCommand(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], asPostgres).catch(
        () => undefined,
      );
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await runServerCommand(
      binDir,
      'initdb',
      [
        '-D',
        dataDir,
        '-U',
        SUPERUSER,
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      asPostgres,
    );
    const port = options.port ?? (await freePort());
    // Trust authentication is acceptable only because nothing but 127.0.0.1 and a private socket directory listen.
    await appendFile(
      join(dataDir, 'postgresql.conf'),
      [
        '',
        `listen_addresses = '${HOST}'`,
        `port = ${port}`,
        `unix_socket_directories = '${dir}'`,
        `max_connections = ${options.maxConnections ?? 300}`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        "timezone = 'UTC'",
        '',
      ].join('\n'),
    );
    await runServerCommand(binDir, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], asPostgres);
    started = true;
    const urlOf = (name: string) => `postgres://${SUPERUSER}@${HOST}:${port}/${encodeURIComponent(name)}`;
    const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    return {
      host: HOST,
      port,
      adminUrl: urlOf('postgres'),
      urlOf,
      async createDatabase(create = {}) {
        databaseCounter += 1;
        const name = create.name ?? `test_${process.pid}_${databaseCounter}_${Date.now().toString(36)}`;
        await admin((client) =>
          client.query(
            `CREATE DATABASE ${quoteIdent(name)}${create.template ? ` TEMPLATE ${quoteIdent(create.template)}` : ''}`,
          ),
        );
        return urlOf(name);
      },
      async dropDatabase(name) {
        await admin((client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
      },
      async shutDown() {
        if (!started) return;
        await runServerCommand(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], asPostgres);
        started = false;
      },
      async startUp() {
        if (started) return;
        await runServerCommand(binDir, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'], asPostgres);
        started = true;
      },
      stop,
    };
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await stop();
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not start PostgreSQL: ${detail}${log ? `\n--- server log ---\n${log}` : ''}`, {
      cause: error,
    });
  }
}
