import { systemClock } from '../clock';
import { openDatabase } from '../store/sqlite/open';
import { createSqliteStore } from '../store/sqlite/sqlite-event-store';
import { makeEventInput } from './fixtures';

/*
 * A child process for partner-api/fault.test.ts: writes events through the store as fast as it can and prints
 * `committed <total>` after each commit, so the test knows what must survive when it kills this process with -9.
 * Usage: tsx partner-api/testing/fault-writer.ts <sqlite file>
 */

const file = process.argv[2];
if (!file) {
  console.error('usage: fault-writer.ts <sqlite file>');
  process.exit(2);
}
const db = openDatabase(file);
const store = createSqliteStore(db, { clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
const count = db.prepare('SELECT count(*) FROM events').pluck();
for (;;) {
  // Each createEvent is one transaction (event, place, sources, categories, R*Tree box, search index rows).
  store.createEvent(makeEventInput({ startMs: Date.now() + 86_400_000 }));
  process.stdout.write(`committed ${count.get() as number}\n`);
}
