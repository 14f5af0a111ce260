import { spawn, type ChildProcess } from 'node:child_process';

/** A child process that shares this terminal, labelled for humans. */
export interface Child {
  name: string;
  process: ChildProcess;
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Starts a long-running command with inherited output. */
export function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  return { name, process: spawn(command, args, { stdio: 'inherit', env }) };
}

/** Polls an URL until it answers 2xx, the child dies, or the time runs out. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${child.name} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Ties the children's lives together: Ctrl-C or SIGTERM stops them all (SIGTERM, then SIGKILL after a grace period),
 * and if one dies on its own the others are stopped and this process exits with an error. Children join with `add`.
 */
export function createSupervisor(graceMs = 10_000): { add(child: Child): Child } {
  const children: Child[] = [];
  let stopping = false;
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    for (const { process: child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => {
      for (const { process: child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    }, graceMs).unref();
    void Promise.all(
      children.map(({ process: child }) =>
        child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)),
      ),
    ).then(() => process.exit(exitCode));
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  return {
    add(child) {
      children.push(child);
      child.process.on('exit', (code, signal) => {
        if (stopping) return;
        console.error(`[eventmap] ${child.name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
        stopAll(1);
      });
      return child;
    },
  };
}
