import { systemClock } from '../clock';
import { openStore } from '../store/open-store';
import { makeEventInput } from './fixtures';

/*
 * A child process for partner-api/fault.test.ts: writes events through the store as fast as it can and prints
 * `committed <total events>` after each commit, so the test knows what must survive when it kills this process with -9.
 * Usage: tsx partner-api/testing/fault-writer.ts <sqlite file>
 */

const file = process.argv[2];
if (!file) {
  console.error('usage: fault-writer.ts <sqlite file>');
  process.exit(2);
}
const store = await openStore({ database: file, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
const before = (await store.feed.changesSince(null, Number.MAX_SAFE_INTEGER)).events.length;
for (let committed = before + 1; ; committed++) {
  // Each createEvent is one transaction (event, place, sources, categories, search index rows).
  await store.catalogue.createEvent(makeEventInput({ startMs: Date.now() + 86_400_000 }));
  process.stdout.write(`committed ${committed}\n`);
}
