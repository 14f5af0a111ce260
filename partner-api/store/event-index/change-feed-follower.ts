import type { CatalogueFeed, FeedCursor, IndexedEvent } from '../port';
import { EventIndex } from '@/lib/event-index/event-index';

export interface ChangeFeedFollowerOptions {
  /** How often to ask the store for other processes' changes (ms). */
  pollMs: number;
  /** Events per answer of the feed (a rebuild of a large catalogue takes several). */
  pageSize?: number;
  /** Told when a poll fails (the store is unreachable, …); the next poll tries again. */
  onError?: (error: unknown) => void;
}

const DEFAULT_PAGE_SIZE = 20_000;

/**
 * Keeps an EventIndex current from the store's change feed. Writes made through this process's store mark the index
 * stale at once, and the next query catches up before it reads (`freshness()`); writes of other processes and
 * replicas arrive by polling every `pollMs`, which bounds how long they stay invisible here. A catalogue replaced as a
 * whole (a reseed, a tombstone purged after the cursor) is rebuilt aside and swapped in complete, so queries never
 * see half an index.
 */
export class ChangeFeedFollower {
  private current = new EventIndex();
  private cursor: FeedCursor | null = null;
  /**
   * Local writes told so far, and how many of them the index holds: a write is held once a pull that *started* after
   * it has *finished*. (A flag cleared when a pull starts let a query read between that start and its end, without
   * its own write: the replicas flake.)
   */
  private localWrites = 0;
  private localApplied = 0;
  /** More to pull: set by local writes and polls, cleared when a pull starts. */
  private dirty = true;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly pageSize: number;

  constructor(
    private readonly feed: CatalogueFeed,
    private readonly options: ChangeFeedFollowerOptions,
  ) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.unsubscribe = feed.onLocalWrite(() => {
      this.localWrites += 1;
      this.dirty = true;
    });
  }

  /** The index as of the last catch-up. */
  get index(): EventIndex {
    return this.current;
  }

  /** The last stamp applied (0 before the first load). */
  get stamp(): number {
    return this.cursor?.stamp ?? 0;
  }

  /** Loads the index, then polls until `stop()`. */
  async start(): Promise<void> {
    await this.catchUp();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe();
  }

  /**
   * A promise to await before reading the index when this process wrote since its last catch-up; undefined (nothing to
   * wait for, no await on the hot path) otherwise.
   */
  freshness(): Promise<void> | undefined {
    return this.localApplied < this.localWrites ? this.holdLocalWrites(this.localWrites) : undefined;
  }

  /** Waits until the index holds the first `target` local writes, joining a pull in flight rather than adding one. */
  private async holdLocalWrites(target: number): Promise<void> {
    // A drain in flight pulls again after its current pull when a write marked it dirty meanwhile.
    while (this.localApplied < target) await (this.running ?? this.catchUp());
  }

  /** Applies every change committed so far (one feed call when nothing changed). */
  catchUp(): Promise<void> {
    this.dirty = true;
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      const writesBefore = this.localWrites;
      await this.pull();
      this.localApplied = Math.max(this.localApplied, writesBefore);
    }
  }

  private async pull(): Promise<void> {
    let answer = await this.feed.changesSince(this.cursor, this.pageSize);
    if (answer.reset) {
      // The whole snapshot first, then one build: EventIndex.of lays slots out in start order, which the broad
      // queries' scans depend on; applying later pages would append them in stamp order instead (measured: the
      // worst full page of the events benchmark went from 1.4× to 1.7–2.0× the floor).
      const snapshot = new Map<number, IndexedEvent>();
      for (const event of answer.events) snapshot.set(event.id, event);
      while (!answer.complete) {
        answer = await this.feed.changesSince(answer.cursor, this.pageSize);
        // Replaced again while rebuilding: start over.
        if (answer.reset) return this.pull();
        for (const id of answer.deletedIds) snapshot.delete(id);
        for (const event of answer.events) snapshot.set(event.id, event);
      }
      this.current = EventIndex.of([...snapshot.values()]);
      this.cursor = answer.cursor;
      return;
    }
    this.current.apply(answer.events, answer.deletedIds);
    this.cursor = answer.cursor;
    while (!answer.complete) {
      answer = await this.feed.changesSince(this.cursor, this.pageSize);
      if (answer.reset) {
        // Replaced meanwhile: start over from a snapshot.
        return this.pull();
      }
      this.current.apply(answer.events, answer.deletedIds);
      this.cursor = answer.cursor;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.catchUp().then(
        () => this.schedule(),
        (error: unknown) => {
          this.options.onError?.(error);
          this.schedule();
        },
      );
    }, this.options.pollMs);
    // Polling alone never keeps a process alive.
    this.timer.unref();
  }
}
