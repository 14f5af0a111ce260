import { systemClock } from '../clock';
import { createRng } from '../seed/rng';
import { openStore } from '../store/open-store';
import { makeEventInput } from './fixtures';

/*
 * A child process for the concurrent-sync tests: random catalogue writes through the store, as fast as it can, on any
 * store PARTNER_API_DB-style location. After each committed write it prints `created <id>`, `wrote <id> <stamp>`,
 * `deleted <id> <stamp>` or `missing <id>` (the event was deleted by someone else first), and `done` at the end, so
 * the test knows what every acknowledged write left behind.
 * Usage: tsx partner-api/testing/catalogue-writer.ts <database> <seed> <writes>
 */

const [database, seed, writesText] = process.argv.slice(2);
const writes = Number(writesText);
if (!database || !seed || !Number.isInteger(writes)) {
  console.error('usage: catalogue-writer.ts <database> <seed> <writes>');
  process.exit(2);
}

const DAY_MS = 86_400_000;
const rng = createRng(seed);
const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
const ack = (id: number, stamp: number | null, kind = 'wrote') =>
  process.stdout.write(stamp === null ? `missing ${id}\n` : `${kind} ${id} ${stamp}\n`);

for (let i = 0; i < writes; i += 1) {
  const target = await store.samples.currentEventAt(rng.next(), Date.now());
  const roll = rng.next();
  if (target === null || roll < 0.3) {
    const start = Date.now() + rng.int(1, 30) * DAY_MS;
    const id = await store.catalogue.createEvent(
      makeEventInput({ name: `Concert ${seed} ${i}`, startMs: start, endMs: start + 3_600_000 }),
    );
    process.stdout.write(`created ${id}\n`);
  } else if (roll < 0.5) {
    ack(
      target,
      await store.catalogue.repriceEvent(target, { lowestPrice: rng.int(5, 20), highestPrice: rng.int(20, 60) }),
    );
  } else if (roll < 0.65) {
    ack(target, await store.catalogue.updateEvent(target, { name: `Renamed ${seed} ${i}` }));
  } else if (roll < 0.75) {
    ack(target, await store.catalogue.cancelEvent(target));
  } else if (roll < 0.85) {
    ack(target, await store.catalogue.markUnavailable(target));
  } else {
    ack(target, await store.catalogue.deleteEvent(target), 'deleted');
  }
}
await store.close();
process.stdout.write('done\n');
