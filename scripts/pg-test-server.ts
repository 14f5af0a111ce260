/*
 * `npx tsx scripts/pg-test-server.ts [--port N] [--database NAME]`: a throwaway PostgreSQL server for trying the
 * Partner API on PostgreSQL by hand (PARTNER_API_DB=<printed URL>). It runs until Ctrl-C, then stops the server and
 * deletes its directory.
 */
import { parseArgs } from 'node:util';
import { startPostgresServer } from '../partner-api/testing/postgres-server';

const { values } = parseArgs({
  options: { port: { type: 'string' }, database: { type: 'string', default: 'eventmap' } },
});
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65_536)) {
  console.error('--port must be a TCP port number.');
  process.exit(2);
}

const server = await startPostgresServer(port === undefined ? {} : { port });
const url = await server.createDatabase({ name: values.database });
console.log(`PostgreSQL is listening on ${server.host}:${server.port}.`);
console.log(`PARTNER_API_DB=${url}`);
console.log('Ctrl-C stops it and deletes its data.');

// The server runs in its own processes: this timer is what keeps this one alive until Ctrl-C.
const keepAlive = setInterval(() => undefined, 1 << 30);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearInterval(keepAlive);
  void server.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
