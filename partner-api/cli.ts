import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ClientError, createClient, listClients } from './auth/clients';
import { getServiceConfig, ServiceEnvError, type ServiceConfig } from './env';
import { addPartner, importFile, printIngestKey } from './ingest/cli-commands';
import { closeOnSignals, seedDemoCatalogue, startService } from './main';
import { DEFAULT_SEED_EVENTS, INGEST_SEED_MAX_EVENTS, seedCatalogue } from './seed/seed-catalogue';
import { seedDemoClickHistory } from './seed/seed-demo-clicks';
import { simulateCommand } from './simulate';
import { openStore } from './store/open-store';
import { StoreConfigError, type Store } from './store/port';

/**
 * "Now" of a one-shot command: the pinned start itself under PARTNER_API_CLOCK_START (a command is one instant of the
 * pinned timeline, so a seed or an import writes the same rows and stamps on every run), the system's otherwise.
 */
function commandNow(config: ServiceConfig): number {
  return config.clockStartMs ?? Date.now();
}

/** Opens the configured store for a command, and closes it after, whatever happens. */
async function withStore<T>(config: ServiceConfig, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({
    database: config.database,
    // Stamps stay unique and increasing under a clock that does not move (the store draws them past the last one).
    clock: () => commandNow(config),
    publicUrl: config.publicUrl,
    poolSize: config.databasePoolSize,
    listen: config.databaseListen,
    jsonCacheMb: config.databaseJsonCacheMb,
  });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * `npm run partner-api -- <command>`: serve | seed --events N [--seed S] [--reset] | clients create <id> |
 * clients list | simulate … . Each command is one entry of COMMANDS.
 */

type Command = (args: string[], config: ServiceConfig) => Promise<number>;

const USAGE = `Usage: npm run partner-api -- <command>

  serve                                  start the service (seeds the demo catalogue into an empty database)
  seed --events N [--seed S] [--reset]   generate N demo events (--reset replaces the catalogue; all or nothing)
  clients create <id>                    create a partner client and print its secret (shown once)
  clients list                           list the partner clients
  simulate --changes N [--rate R]        apply N random catalogue changes (see simulate.ts)
  import --partner <name> [--format F] [--full] <file>
                                         import a partner's feed: .ics, .jsonld/.json/.html, .ndjson
                                         (--full: the file is the partner's whole feed; docs/ingestion.md)
  partners add <name> [--logo URL] [--color #rrggbb] [--time-zone Z] [--commission-fix €]
      [--commission-per-ticket €] [--commission-per-cart €] [--commission-rate 0–1]
                                         register a ticketing partner (or update it) with its commission terms
  partners key <name>                    create an ingest API key for a partner and print it (shown once)
  migrate-store --from <file> --to <url> copy a SQLite catalogue into an empty PostgreSQL database (postgres://…)
`;

const serve: Command = async (_args, config) => {
  const service = await startService(config, {
    seedDemo: async (store, clock) => {
      // A pinned clock dates the seed from its exact start (not a few ms later), so every run seeds the same rows.
      const now = config.clockStartMs ?? clock();
      const stats = await seedDemoCatalogue(store, now);
      console.log(`Seeded ${stats.events} events in ${Math.round(stats.durationMs)} ms.`);
      await seedDemoClickHistory(store, config, now);
    },
    onLog: (line) => console.log(line),
  });
  console.log(
    `Partner API listening on ${service.url} (public URL ${config.publicUrl}, store ${service.store.location})`,
  );
  if (config.demo) console.log('Demo clients: demo / demo-secret, demo-b / demo-b-secret');
  closeOnSignals(service);
  return new Promise<number>(() => {});
};

const seed: Command = async (args, config) => {
  const options = parseOptions(args, {
    events: { type: 'string' },
    seed: { type: 'string' },
    reset: { type: 'boolean' },
  });
  const events = Number(options.events ?? DEFAULT_SEED_EVENTS);
  if (!Number.isInteger(events) || events < 1 || events > 10_000_000) {
    console.error('--events must be a whole number from 1 to 10000000.');
    return 2;
  }
  return withStore(config, async (store) => {
    if (!options.reset && !(await store.catalogue.isEmpty())) {
      console.error(`The catalogue in ${store.location} is not empty; add --reset to replace it.`);
      return 1;
    }
    let lastPercent = -1;
    const stats = await seedCatalogue(store.seeding, {
      events,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      now: commandNow(config),
      reset: options.reset ?? false,
      ingestion: events <= INGEST_SEED_MAX_EVENTS,
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 10) * 10;
        if (percent === lastPercent) return;
        // A terminal gets a counter in place; logs get a line per 10% (nothing is committed before the end).
        if (process.stdout.isTTY) process.stdout.write(`\r${percent}%`);
        else console.log(`Seeding: ${done} of ${total} events generated…`);
        lastPercent = percent;
      },
    });
    // A bulk load leaves the search indexes in many segments; one merge makes typeahead faster.
    await store.search.optimize();
    await seedDemoClickHistory(store, config, commandNow(config));
    if (process.stdout.isTTY) process.stdout.write('\r    \r');
    console.log(
      `Seeded ${stats.events} events, ${stats.places} places, ${stats.performers} performers, ` +
        `${stats.sources} sources (${stats.sourceRecords} source records for ingestion) in ` +
        `${Math.round(stats.durationMs)} ms into ${store.location}.`,
    );
    return 0;
  });
};

const clients: Command = async (args, config) => {
  const [action, id, ...rest] = args;
  try {
    if (action === 'create' && id && rest.length === 0) {
      const secret = await withStore(config, (store) => createClient(store.auth, () => commandNow(config), id));
      console.log(`Client "${id}" created. Its secret is shown only now; store it safely:`);
      console.log(`  clientId:     ${id}`);
      console.log(`  clientSecret: ${secret}`);
      return 0;
    }
    if (action === 'list' && id === undefined) {
      const rows = await withStore(config, (store) => listClients(store.auth));
      if (rows.length === 0) console.log('No clients.');
      for (const row of rows) console.log(`${row.id}\tcreated ${row.createdAt}${row.disabled ? '\tdisabled' : ''}`);
      return 0;
    }
    console.error('Usage: npm run partner-api -- clients create <id> | clients list');
    return 2;
  } catch (error) {
    if (error instanceof ClientError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
};

const importCommand: Command = async (args, config) => {
  const { values, positionals } = parseArgs({
    args,
    options: { partner: { type: 'string' }, format: { type: 'string' }, full: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (!values.partner || !file || extra.length > 0) {
    console.error(
      'Usage: npm run partner-api -- import --partner <name> [--format ndjson|ical|jsonld] [--full] <file>',
    );
    return 2;
  }
  return withStore(config, (store) =>
    importFile(
      { store, nowMs: commandNow(config), out: (line) => console.log(line), err: (line) => console.error(line) },
      {
        partner: values.partner as string,
        file,
        ...(values.format === undefined ? {} : { format: values.format }),
        full: values.full ?? false,
      },
    ),
  );
};

const partners: Command = async (args, config) => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      logo: { type: 'string' },
      color: { type: 'string' },
      'time-zone': { type: 'string' },
      'commission-fix': { type: 'string' },
      'commission-per-ticket': { type: 'string' },
      'commission-per-cart': { type: 'string' },
      'commission-rate': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, name, ...extra] = positionals;
  if (action === 'key' && name && extra.length === 0 && Object.keys(values).length === 0) {
    return withStore(config, (store) =>
      printIngestKey(
        { store, nowMs: commandNow(config), out: (l) => console.log(l), err: (l) => console.error(l) },
        name,
      ),
    );
  }
  if (action !== 'add' || !name || extra.length > 0) {
    console.error(
      'Usage: npm run partner-api -- partners add <name> [--logo URL] [--color #rrggbb] [--time-zone Z] … | ' +
        'partners key <name>',
    );
    return 2;
  }
  const defined = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });
  return withStore(config, (store) =>
    addPartner({ store, nowMs: commandNow(config), out: (l) => console.log(l), err: (l) => console.error(l) }, name, {
      ...defined('logo', values.logo),
      ...defined('color', values.color),
      ...defined('timeZone', values['time-zone']),
      ...defined('commissionFix', values['commission-fix']),
      ...defined('commissionPerTicket', values['commission-per-ticket']),
      ...defined('commissionPerCart', values['commission-per-cart']),
      ...defined('commissionRate', values['commission-rate']),
    }),
  );
};

/** Copies a SQLite catalogue into PostgreSQL; loaded only when used, so a SQLite service never loads `pg`. */
const migrateStore: Command = async (args) => {
  const options = parseOptions(args, { from: { type: 'string' }, to: { type: 'string' } });
  if (!options.from || !options.to || !/^postgres(ql)?:\/\//i.test(options.to)) {
    console.error('Usage: npm run partner-api -- migrate-store --from <sqlite file> --to postgres://user@host/db');
    return 2;
  }
  const { importSqliteCatalogue, ImportTargetNotEmptyError } = await import('./store/migrate/sqlite-to-postgres');
  try {
    const stats = await importSqliteCatalogue({
      from: options.from,
      to: options.to,
      onTable: (table, rows) => console.log(`${table}: ${rows} rows`),
    });
    console.log(
      `Copied ${stats.rows.events ?? 0} events in ${Math.round(stats.durationMs)} ms; ` +
        `the sync goes on from ${new Date(stats.lastUpdatedMs).toISOString()}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportTargetNotEmptyError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
};

/** Every command. */
export const COMMANDS: Record<string, Command> = {
  serve,
  seed,
  clients,
  simulate: simulateCommand,
  import: importCommand,
  partners,
  'migrate-store': migrateStore,
};

/** Parses `--name value` options of a command; unknown options are an error. */
export function parseOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], options: T) {
  return parseArgs({ args, options, allowPositionals: false, strict: true }).values;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  let config: ServiceConfig;
  try {
    config = getServiceConfig();
  } catch (error) {
    if (error instanceof ServiceEnvError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  return runCommand(command, args, config);
}

/** Runs a command; a bad store URL or bad options end it with a one-line message and exit code 2, not a crash. */
export async function runCommand(command: Command, args: string[], config: ServiceConfig): Promise<number> {
  try {
    return await command(args, config);
  } catch (error) {
    // A store that cannot be opened as configured (PARTNER_API_DB) is a configuration error, said in one line.
    if (error instanceof StoreConfigError) {
      console.error(error.message);
      return 2;
    }
    // Bad options (node:util parseArgs) are a usage error, not a crash.
    if (error instanceof TypeError && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

// Only when run as a program (tsx partner-api/cli.ts), so tests and tools can import COMMANDS.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void run();

function run() {
  return main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}
