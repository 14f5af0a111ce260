import pg from 'pg';

let counter = 0;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onServer<T>(url: URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url.href);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ClonedDatabase {
  url: string;
  /** Drops the clone, closing what is still connected to it. */
  drop(): Promise<void>;
}

/** The database test stores are cloned from when PARTNER_API_TEST_DB names `<name>`: `<name>_template`. */
export const TEMPLATE_SUFFIX = '_template';

/**
 * A fresh database cloned from the migrated database at `url`, on the same server — from `<name>_template` when that
 * exists (the test run's setup makes one, so tests that share `<name>` itself do not block the clones): tens of
 * milliseconds, so every test store gets its own.
 */
export async function clonePostgresDatabase(databaseUrl: string): Promise<ClonedDatabase> {
  const template = new URL(databaseUrl);
  const sharedName = decodeURIComponent(template.pathname.replace(/^\//, ''));
  const { rows } = await onServer(template, (client) =>
    client.query('SELECT 1 FROM pg_database WHERE datname = $1', [sharedName + TEMPLATE_SUFFIX]),
  );
  const templateName = rows.length > 0 ? sharedName + TEMPLATE_SUFFIX : sharedName;
  counter += 1;
  const name = `test_${process.pid}_${counter}_${Date.now().toString(36)}`;
  await onServer(template, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(templateName)}`),
  );
  const url = new URL(template.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () =>
      onServer(template, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
