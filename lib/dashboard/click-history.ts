import 'server-only';
import type { TClick, TClicksResponse } from '@/lib/contract';

/** Clicks per request: the spec's maximum page size, so a cold process pages through history in fewest calls. */
export const CLICKS_PAGE_LIMIT = 1000;

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
      // Keyset paging: each request asks for the clicks after the newest one held, so the upstream never skips
      // over an offset. Only a full page of clicks all made in the same millisecond (the cursor cannot move past
      // it) falls back to the next page number.
      let newest = this.held.at(-1)?.ms;
      let pageNumber = 1;
      for (;;) {
        const minDate = newest === undefined ? undefined : new Date(newest - 1).toISOString();
        const page = await this.fetchPage({ minDate, limit: CLICKS_PAGE_LIMIT, pageNumber });
        if (pageNumber === 1 && newest !== undefined) {
          while (this.held.length > 0 && this.held.at(-1)!.ms >= newest) this.held.pop();
        }
        for (const click of page.data) this.held.push({ ...click, ms: Date.parse(click.createdAt) });
        if (page.data.length < CLICKS_PAGE_LIMIT || pageNumber >= page.pagination.totalPages) break;
        const last = this.held.at(-1)!.ms;
        if (last === newest) pageNumber += 1;
        else {
          newest = last;
          pageNumber = 1;
        }
      }
      this.state = { lastSuccessAt: this.now(), lastError: null };
    } catch (error) {
      this.state = {
        ...this.state,
        lastError: { at: this.now(), message: error instanceof Error ? error.message : 'error' },
      };
    }
  }
}
