import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyClientCredentials } from './auth/clients';
import { COMMANDS, runCommand } from './cli';
import { testServiceConfig, type ServiceConfig } from './env';
import { systemClock } from './clock';
import { openStore } from './store/open-store';
import { allEventIds } from './testing/events-test-data';

let dir: string;
let config: ServiceConfig;
let output: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'partner-api-cli-'));
  config = testServiceConfig({ database: join(dir, 'db.sqlite'), demo: false });
  output = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void output.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void output.push(args.join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** The store the commands use, opened the way they open it. */
function openConfiguredStore() {
  return openStore({ database: config.database, clock: systemClock, publicUrl: config.publicUrl });
}

function run(...args: string[]) {
  const [name, ...rest] = args;
  const command = COMMANDS[name!];
  if (!command) throw new Error(`no command ${name}`);
  return runCommand(command, rest, config);
}

describe('partner-api CLI', () => {
  it('clients create prints a new secret once, which then logs in; clients list never shows it', async () => {
    expect(await run('clients', 'create', 'acme')).toBe(0);
    const secret = /clientSecret:\s+(\S+)/.exec(output.join('\n'))?.[1];
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const store = await openConfiguredStore();
    expect(await verifyClientCredentials(store.auth, 'acme', secret!)).toBe(true);
    await store.close();

    output = [];
    expect(await run('clients', 'list')).toBe(0);
    expect(output.join('\n')).toContain('acme');
    expect(output.join('\n')).not.toContain(secret);

    expect(await run('clients', 'create', 'acme')).toBe(1);
    expect(await run('clients', 'create', 'bad id!')).toBe(1);
    expect(await run('clients', 'remove', 'acme')).toBe(2);
  });

  it('seed fills an empty catalogue and refuses a full one without --reset', async () => {
    expect(await run('seed', '--events', '30', '--seed', '3')).toBe(0);
    expect(output.join('\n')).toMatch(/Seeded 30 events/);
    expect(await run('seed', '--events', '30')).toBe(1);
    expect(await run('seed', '--events', '20', '--reset')).toBe(0);
    const store = await openConfiguredStore();
    expect(await allEventIds(store)).toHaveLength(20);
    await store.close();
    expect(await run('seed', '--events', 'many')).toBe(2);
  });

  it('says in one line, exit code 2, when PARTNER_API_DB names a store it cannot open', async () => {
    config = { ...config, database: 'mysql://user:pw@host/db' };
    expect(await run('clients', 'list')).toBe(2);
    expect(output.join('\n')).toMatch(/^PARTNER_API_DB: unknown store "mysql:"/);
    expect(output.join('\n')).not.toContain('pw@');
  });
});
