import { LRUCache } from 'lru-cache';

/** A copy of an event's JSON as served, valid for exactly one row version. */
export interface CachedJson {
  /** The row's `updated_ms`: every write draws a new, unique stamp (stamp.ts), so it names one content. */
  version: number;
  json: Buffer;
}

/**
 * This process's copy of recently served event JSON, by id and parts asked for. The events query asks for the ids its
 * EventIndex selected together with the `updatedAt` the index holds for each: a copy of that very version is served
 * without asking PostgreSQL, so a page of events this process served before costs no round trip. The page then shows
 * each event as the index that selected it knows it (what it was filtered and ordered by), never an older one; the
 * index itself follows the change feed within the visibility bound (docs/deployment.md). A stamp names one content
 * only within a catalogue generation — a reseed may bring the same ids with the same stamps and other content — so a
 * new generation empties the copy, and a read that started before that is not kept.
 */
export class EventJsonCache {
  private readonly entries: LRUCache<string, CachedJson>;
  private generation = 0;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedJson>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (entry) => entry.json.length + 64,
    });
  }

  /** The copy of `key` at `version`, or undefined. */
  get(key: string, version: number): Buffer | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.json : undefined;
  }

  /** Marks the start of a read: what it returns may be kept only if no new generation began meanwhile. */
  begin(): number {
    return this.generation;
  }

  set(key: string, version: number, json: Buffer, readStartedAt: number): void {
    if (readStartedAt === this.generation) this.entries.set(key, { version, json });
  }

  /** A new catalogue generation: no copy is known to be current any more. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** Megabytes of event JSON kept per process by default (PARTNER_API_DB_JSON_CACHE_MB). */
export const DEFAULT_JSON_CACHE_MB = 64;
