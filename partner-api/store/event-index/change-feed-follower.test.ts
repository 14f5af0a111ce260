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
