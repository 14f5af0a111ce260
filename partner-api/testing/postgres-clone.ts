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

/**
 * A fresh database cloned from the (migrated) template database at `templateUrl`, on the same server: tens of
 * milliseconds, so every test store gets its own.
 */
export async function clonePostgresDatabase(templateUrl: string): Promise<ClonedDatabase> {
  const template = new URL(templateUrl);
  const templateName = decodeURIComponent(template.pathname.replace(/^\//, ''));
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
