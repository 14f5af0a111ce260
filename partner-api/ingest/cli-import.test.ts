import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS, runCommand } from '@/partner-api/cli';
import { systemClock } from '@/partner-api/clock';
import { testServiceConfig, type ServiceConfig } from '@/partner-api/env';
import { openStore } from '@/partner-api/store/open-store';
import { allEventIds } from '@/partner-api/testing/events-test-data';

/* `import` and `partners` as an operator runs them (a SQLite file the commands open themselves). */

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let dir: string;
let config: ServiceConfig;
let output: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'partner-api-import-'));
  config = testServiceConfig({ database: join(dir, 'db.sqlite'), demo: false });
  output = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void output.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void output.push(args.join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

function run(...args: string[]) {
  const [name, ...rest] = args;
  return runCommand(COMMANDS[name!]!, rest, config);
}

describe('npm run partner-api -- import / partners', () => {
  it('registers a partner with its terms, imports its feed and prints the summary with each rejection', async () => {
    expect(
      await run(
        'partners',
        'add',
        'Kiosque Nord',
        '--color',
        '#0f766e',
        '--commission-rate',
        '0.05',
        '--commission-fix',
        '0.5',
      ),
    ).toBe(0);
    expect(output.join('\n')).toContain('Partner "Kiosque Nord" registered');
    output = [];
    expect(await run('import', '--partner', 'Kiosque Nord', fixture('lyon-placelibre.ndjson'))).toBe(0);
    const printed = output.join('\n');
    expect(printed).toContain('6 records — 3 created, 0 updated, 0 merged into existing events, 0 unchanged');
    expect(printed).toContain('3 rejected');
    expect(printed).toContain('rejected line 3: not valid JSON');
    expect(printed).toContain('rejected line 6 (id PL-2027-4415): venue has no coordinates');
    expect(printed).toContain('Dates without a time zone were read in Europe/Paris.');

    const store = await openStore({ database: config.database, clock: systemClock, publicUrl: config.publicUrl });
    const [id] = await allEventIds(store);
    const event = await store.catalogue.getEvent(id!);
    expect(event?.body).toContain('"commissionRate":0.05');
    expect(event?.body).toContain('"commissionFix":0.5');
    expect(event?.body).toContain('"backColor":"#0f766e"');
    await store.close();

    output = [];
    expect(await run('import', '--partner', 'Kiosque Nord', fixture('lyon-placelibre.ndjson'))).toBe(0);
    expect(output.join('\n')).toContain('0 created, 0 updated, 0 merged into existing events, 3 unchanged');
  });

  it('says clearly what is wrong: an unknown partner, a file not in its format, an unknown extension', async () => {
    expect(await run('import', '--partner', 'Nobody', fixture('lyon-placelibre.ndjson'))).toBe(1);
    expect(output.join('\n')).toContain('Unknown partner "Nobody"');
    output = [];
    expect(await run('import', '--partner', 'TicketSud', '--format', 'ical', fixture('lyon-placelibre.ndjson'))).toBe(
      1,
    );
    expect(output.join('\n')).toMatch(/lyon-placelibre\.ndjson is not a valid ical feed: .*Nothing was imported\./);
    output = [];
    expect(await run('import', '--partner', 'TicketSud', join(dir, 'feed.xml'))).toBe(2);
    expect(output.join('\n')).toContain('pass --format');
    expect(await run('import', fixture('lyon-placelibre.ndjson'))).toBe(2);
  });

  it('prints an ingest key for a registered partner only', async () => {
    expect(await run('partners', 'key', 'TicketSud')).toBe(0);
    expect(output.join('\n')).toMatch(/emi_[\w-]{40,}/);
    expect(await run('partners', 'key', 'Nobody')).toBe(1);
  });
});
