import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { registerOperation } from '../http/operation-route';
import { ProblemError } from '../http/problem';
import { storageFailure } from '../http/storage-errors';

/** A readiness answer is reused this long, so probes (or anyone calling `/ready`) cannot turn into a write load. */
const READY_CACHE_MS = 2_000;

/** `ok`, or what failed (`SQLITE_FULL: …`, a driver's code and the reason). */
type Check = string;

interface Readiness {
  ready: boolean;
  checks: { read: Check; write: Check };
  at: number;
}

/**
 * `GET /health`: liveness — the process answers HTTP (restart it when this fails).
 * `GET /ready`: readiness — the store answers a read and accepts a write (take the instance out of rotation, or
 * alert, when this fails: a full disk or a read-only database keeps reads working but refuses every login).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  let last: Readiness | undefined;
  let running: Promise<Readiness> | undefined;

  function describe(error: unknown): string {
    const storage = storageFailure(error);
    return storage ? `${storage.code}: ${storage.reason}` : 'failed';
  }

  function check(): Promise<Readiness> {
    const now = ctx.clock();
    if (last && now - last.at < READY_CACHE_MS && now >= last.at) return Promise.resolve(last);
    // Concurrent probes share one check.
    running ??= probe(now).finally(() => {
      running = undefined;
    });
    return running;
  }

  async function probe(now: number): Promise<Readiness> {
    let read: Check = 'ok';
    let write: Check = 'ok';
    try {
      await ctx.store.health.probeRead();
    } catch (error) {
      read = describe(error);
    }
    try {
      // A real (tiny) write: only a write finds out that the disk is full or the database read-only.
      await ctx.store.health.probeWrite(now);
    } catch (error) {
      write = describe(error);
    }
    const ready = read === 'ok' && write === 'ok';
    if (!ready && last?.ready !== false) app.log.error({ read, write }, 'not ready: the store cannot read or write');
    if (ready && last?.ready === false) app.log.info('ready again: the store reads and writes');
    last = { ready, checks: { read, write }, at: now };
    return last;
  }

  registerOperation(app, 'health', async (_input, _request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  registerOperation(app, 'ready', async (_input, _request, reply) => {
    const { ready, checks } = await check();
    if (!ready) {
      throw new ProblemError(503, `Not ready: read ${checks.read}; write ${checks.write}.`, undefined, {
        'retry-after': '5',
        'cache-control': 'no-store',
      });
    }
    return reply.header('cache-control', 'no-store').send({ status: 'ready', checks });
  });
}
