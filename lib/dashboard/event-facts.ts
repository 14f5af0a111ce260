import 'server-only';
import type { TEvent } from '@/lib/contract';
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
  /** Fetches facts of events not known yet, within a time budget; the rest stay missing until a later call. */
  fill(eventIds: Iterable<number>, budgetMs: number): Promise<void>;
}

/** How many `GET /v2/event/{id}` run at once when filling facts. */
const FILL_CONCURRENCY = 6;

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
  const read = db?.prepare('SELECT category, town FROM event_facts WHERE id = ?');
  const write = db?.prepare(
    'INSERT INTO event_facts (id, category, town) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const remember = (id: number, facts: EventFacts) => {
    memory.set(id, facts);
    write?.run(id, facts.category, facts.town);
  };
  const lookup = (id: number): EventFacts | undefined => {
    const known = memory.get(id);
    if (known) return known;
    const row = read?.get(id) as EventFacts | undefined;
    if (row) memory.set(id, row);
    return row;
  };
  const inFlight = new Set<number>();
  return {
    lookup,
    async fill(eventIds, budgetMs) {
      const deadline = now() + budgetMs;
      const missing = [...new Set(eventIds)].filter((id) => !inFlight.has(id) && lookup(id) === undefined);
      let next = 0;
      const worker = async () => {
        while (next < missing.length && now() < deadline) {
          const id = missing[next++]!;
          inFlight.add(id);
          try {
            const event = await getEvent(id);
            remember(id, {
              category: event.categories.find((c) => c.subCategory === null)?.mainCategory ?? null,
              town: event.mapPlace?.city ?? event.place.address.city ?? null,
            });
          } catch (error) {
            if (error instanceof PartnerError && error.kind === 'http' && error.status === 404) {
              remember(id, { category: null, town: null });
            } else {
              return; // upstream trouble: leave the rest for a later visit
            }
          } finally {
            inFlight.delete(id);
          }
        }
      };
      await Promise.all(Array.from({ length: FILL_CONCURRENCY }, worker));
    },
  };
}
