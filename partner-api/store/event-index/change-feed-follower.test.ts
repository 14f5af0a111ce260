import { describe, expect, it } from 'vitest';
import type { CatalogueChanges, CatalogueFeed, IndexedEvent } from '../port';
import { ChangeFeedFollower } from './change-feed-follower';

const event = (id: number, startMs: number, updatedMs: number): IndexedEvent => ({
  id,
  lng: 4.83 + id / 1000,
  lat: 45.76,
  startMs,
  endMs: startMs + 3_600_000,
  updatedMs,
  lowestPrice: 10,
  highestPrice: 20,
  categoryMask: 1,
  partners: ['Fnac'],
});

/** A feed that answers a snapshot in pages, the later pages carrying changes made while it was read. */
function pagedFeed(answers: CatalogueChanges[]): CatalogueFeed & { calls: number } {
  const feed = {
    calls: 0,
    changesSince: async () => {
      const answer = answers[Math.min(feed.calls, answers.length - 1)]!;
      feed.calls += 1;
      return answer;
    },
    lastUpdatedMs: async () => 0,
    onLocalWrite: () => () => {},
  };
  return feed;
}

describe('ChangeFeedFollower', () => {
  it('builds the index from a snapshot spread over several answers, with the changes made meanwhile', async () => {
    const generation = 'g1';
    const feed = pagedFeed([
      {
        reset: true,
        events: [event(3, 300, 1), event(1, 100, 2)],
        deletedIds: [],
        cursor: { generation, stamp: 2 },
        complete: false,
      },
      // Event 1 was deleted and event 3 changed while the snapshot was read; event 2 is new.
      {
        reset: false,
        events: [event(2, 200, 3), event(3, 50, 4)],
        deletedIds: [1],
        cursor: { generation, stamp: 4 },
        complete: true,
      },
    ]);
    const follower = new ChangeFeedFollower(feed, { pollMs: 60_000, pageSize: 2 });
    await follower.catchUp();
    follower.stop();

    expect(feed.calls).toBe(2);
    expect(follower.stamp).toBe(4);
    expect(follower.index.count).toBe(2);
    expect(follower.index.inLocation([1, 2, 3], null)).toEqual([2, 3]);
  });

  it('starts over when the catalogue is replaced during a snapshot', async () => {
    const feed = pagedFeed([
      {
        reset: true,
        events: [event(1, 100, 1)],
        deletedIds: [],
        cursor: { generation: 'old', stamp: 1 },
        complete: false,
      },
      {
        reset: true,
        events: [event(7, 100, 1)],
        deletedIds: [],
        cursor: { generation: 'new', stamp: 1 },
        complete: true,
      },
    ]);
    const follower = new ChangeFeedFollower(feed, { pollMs: 60_000, pageSize: 1 });
    await follower.catchUp();
    follower.stop();

    expect(follower.index.inLocation([1, 7], null)).toEqual([7]);
  });
});

/** A feed whose answers wait until the test releases them, so a local write can land while a pull is in flight. */
function gatedFeed() {
  const listeners = new Set<() => void>();
  let committed: IndexedEvent[] = [];
  let stamp = 0;
  const gates: Array<() => void> = [];
  const feed: CatalogueFeed = {
    changesSince: async (cursor) => {
      // The snapshot is taken when the call starts, as a REPEATABLE READ transaction's would be.
      const seen = committed.filter((e) => e.updatedMs > (cursor?.stamp ?? -1));
      const through = stamp;
      await new Promise<void>((resolve) => gates.push(resolve));
      return {
        reset: cursor === null,
        events: seen,
        deletedIds: [],
        cursor: { generation: 'g', stamp: through },
        complete: true,
      };
    },
    lastUpdatedMs: async () => stamp,
    onLocalWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    feed,
    /** Commits an event, then tells the process's listeners, as a store's write does. */
    write: (e: IndexedEvent) => {
      committed = [...committed, e];
      stamp = e.updatedMs;
      for (const listener of listeners) listener();
    },
    /** Lets the oldest waiting answer through. */
    release: async () => {
      while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
      gates.shift()!();
    },
  };
}

describe('ChangeFeedFollower read-your-writes', () => {
  it('makes a query after a local write wait for a pull that started after that write, even one in flight', async () => {
    const { feed, write, release } = gatedFeed();
    const follower = new ChangeFeedFollower(feed, { pollMs: 60_000 });
    const loaded = follower.catchUp();
    await release();
    await loaded;

    // A poll's pull is in flight (its snapshot predates the write) when this process commits a write.
    const poll = follower.catchUp();
    write(event(1, 100, 1));
    // The poll's answer arrives without the write; the follower starts the next pull, which will carry it.
    await release();
    await new Promise((resolve) => setImmediate(resolve));

    // A query now must wait for that pull rather than read an index without its own write.
    const fresh = follower.freshness();
    expect(fresh).toBeDefined();
    let done = false;
    void fresh?.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await release();
    await fresh;
    await poll;
    expect(follower.index.count).toBe(1);
    // Caught up: the hot path has nothing to wait for.
    expect(follower.freshness()).toBeUndefined();
    follower.stop();
  });
});
