import 'server-only';
import type { TClick, TClicksResponse } from '@/lib/contract';

/** Clicks per request: the spec's maximum page size, so a cold process pages through history in fewest calls. */
export const CLICKS_PAGE_LIMIT = 1000;

/** Pages of a long history in flight at once (the upstream may be far away: round trips, not work, dominate). */
const PARALLEL_PAGES = 4;

/** A click as the dashboard holds it: the upstream record plus its instant. */
export interface HeldClick extends TClick {
  ms: number;
}

/** Fetches one page of `GET /v2/clicks` (`minDate`: only clicks after it). */
export type FetchClicksPage = (query: {
  minDate?: string;
  limit: number;
  pageNumber: number;
}) => Promise<TClicksResponse>;

/** How the last refresh ended. */
export interface ClickHistoryStatus {
  /** When clicks were last brought fully up to date. */
  lastSuccessAt: number | null;
  /** Set when the last refresh failed: the dashboard says so and shows what it holds. */
  lastError: { at: number; message: string } | null;
}

/**
 * The partner's clicks, held in memory oldest first. Clicks are append-only, so a refresh asks only for those after
 * the newest one held. It asks from one millisecond before it and first drops the held clicks of that last
 * millisecond: clicks recorded in the same millisecond after the previous request are not lost, and none is
 * counted twice. Concurrent refreshes share one run; a refresh that fails midway keeps the pages it applied.
 */
export class ClickHistory {
  private readonly held: HeldClick[] = [];
  private running: Promise<void> | null = null;
  private state: ClickHistoryStatus = { lastSuccessAt: null, lastError: null };

  constructor(
    private readonly fetchPage: FetchClicksPage,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every click held, oldest first (do not mutate). */
  get clicks(): readonly HeldClick[] {
    return this.held;
  }

  status(): ClickHistoryStatus {
    return this.state;
  }

  /** Fetches the clicks made since the newest one held (the whole history the first time). */
  refresh(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    try {
      let newest = this.held.at(-1)?.ms;
      for (;;) {
        const minDate = newest === undefined ? undefined : new Date(newest - 1).toISOString();
        const first = await this.fetchPage({ minDate, limit: CLICKS_PAGE_LIMIT, pageNumber: 1 });
        if (newest !== undefined) {
          while (this.held.length > 0 && this.held.at(-1)!.ms >= newest) this.held.pop();
        }
        this.append(first.data);
        if (first.data.length < CLICKS_PAGE_LIMIT || first.pagination.totalPages <= 1) break;
        // The rest of a long history: clicks are append-only and ordered oldest first, so the pages after the first
        // (same minDate) never shift and can be fetched a few at a time; they are applied strictly in order, so a
        // failure leaves a gap-free prefix. Clicks recorded meanwhile are picked up by the next round.
        const lastFull = await this.fetchPagesInOrder(minDate, first.pagination.totalPages);
        if (!lastFull) break;
        newest = this.held.at(-1)!.ms;
      }
      this.state = { lastSuccessAt: this.now(), lastError: null };
    } catch (error) {
      this.state = {
        ...this.state,
        lastError: { at: this.now(), message: error instanceof Error ? error.message : 'error' },
      };
    }
  }

  private append(clicks: readonly TClick[]): void {
    for (const click of clicks) this.held.push({ ...click, ms: Date.parse(click.createdAt) });
  }

  /** Fetches pages 2…`totalPages` with PARALLEL_PAGES in flight, applying them in order; true when the last was full. */
  private async fetchPagesInOrder(minDate: string | undefined, totalPages: number): Promise<boolean> {
    const pages = new Map<number, TClick[]>();
    let nextToFetch = 2;
    let nextToApply = 2;
    let lastFull = false;
    // After a failure, pages still in flight must not be applied (a later refresh may already be appending).
    let failed = false;
    const worker = async () => {
      while (nextToFetch <= totalPages && !failed) {
        const pageNumber = nextToFetch++;
        let data: TClick[];
        try {
          data = (await this.fetchPage({ minDate, limit: CLICKS_PAGE_LIMIT, pageNumber })).data;
        } catch (error) {
          failed = true;
          throw error;
        }
        if (failed) return;
        pages.set(pageNumber, data);
        while (pages.has(nextToApply)) {
          const data = pages.get(nextToApply)!;
          pages.delete(nextToApply);
          this.append(data);
          lastFull = nextToApply === totalPages && data.length === CLICKS_PAGE_LIMIT;
          nextToApply += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
    return lastFull;
  }
}
