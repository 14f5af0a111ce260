import 'server-only';
import { eventVenue, type TEvent } from '@/lib/contract';
import type { MirrorDb } from '@/lib/mirror/mirror-db';
import { PartnerError } from '@/lib/partner/errors';

/** What the dashboard groups a click's event by; null when the event is unknown (e.g. deleted long ago). */
export interface EventFacts {
  category: string | null;
  town: string | null;
}

/** Looks up facts of events; `lookup` answers from memory, `fill` fetches the missing ones. */
export interface EventFactsSource {
  lookup(eventId: number): EventFacts | undefined;
  /** Fetches facts of events not known yet; resolves when done or after the budget (the rest go on in the background). */
  fill(eventIds: Iterable<number>, budgetMs: number): Promise<void>;
  /** Grows whenever facts are learnt (results computed with fewer facts are then stale). */
  version(): number;
}

/** How many `GET /v2/event/{id}` run at once when filling facts. */
const FILL_CONCURRENCY = 4;
/** How long an id the mirror's file did not have is not looked up there again. */
const ABSENT_TTL_MS = 60_000;

/**
 * Facts of the events clicks went to. The catalogue mirror records them for every event it sees (they outlive the
 * event there); events that passed or were deleted before the mirror saw them are fetched once from
 * `GET /v2/event/{id}` and remembered (a 404 as unknown).
 */
export function createEventFacts(
  db: MirrorDb | null,
  getEvent: (id: number) => Promise<TEvent>,
  now: () => number = Date.now,
): EventFactsSource {
  const memory = new Map<number, EventFacts>();
  // Ids the file did not have at the last look: not asked again for a while (the mirror may add them meanwhile).
  let absent = new Set<number>();
  let absentSince = now();
  const read = db?.prepare('SELECT category, town FROM event_facts WHERE id = ?');
  const write = db?.prepare(
    'INSERT INTO event_facts (id, category, town) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  let learnt = 0;
  const remember = (id: number, facts: EventFacts) => {
    learnt += 1;
    memory.set(id, facts);
    absent.delete(id);
    write?.run(id, facts.category, facts.town);
  };
  const lookup = (id: number): EventFacts | undefined => {
    const known = memory.get(id);
    if (known) return known;
    if (now() - absentSince > ABSENT_TTL_MS) {
      absent = new Set();
      absentSince = now();
    }
    if (absent.has(id)) return undefined;
    const row = read?.get(id) as EventFacts | undefined;
    if (row) memory.set(id, row);
    else absent.add(id);
    return row;
  };

  /** Fetches facts of the queued ids, a few at a time, until the queue is empty or the upstream fails. */
  const queue = new Set<number>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    const worker = async () => {
      for (const id of queue) {
        queue.delete(id);
        try {
          const event = await getEvent(id);
          remember(id, {
            category: event.categories.find((c) => c.subCategory === null)?.mainCategory ?? null,
            town: eventVenue(event).city || null,
          });
        } catch (error) {
          if (error instanceof PartnerError && error.kind === 'http' && error.status === 404) {
            remember(id, { category: null, town: null });
          } else {
            queue.clear(); // upstream trouble: the next render queues what is still missing
            return;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: FILL_CONCURRENCY }, worker));
  };

  return {
    lookup,
    version: () => learnt,
    fill(eventIds, budgetMs) {
      for (const id of new Set(eventIds)) if (lookup(id) === undefined) queue.add(id);
      if (queue.size === 0) return Promise.resolve();
      running ??= drain().finally(() => {
        running = null;
      });
      // The render waits at most the budget; the rest is fetched in the background for the next one.
      return Promise.race([running, new Promise<void>((resolve) => setTimeout(resolve, budgetMs).unref())]);
    },
  };
}
