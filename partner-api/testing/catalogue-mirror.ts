import { expect } from 'vitest';
import {
  ZGetCatalogueResponseSchema,
  ZLoginResponseSchema,
  ZProblemSchema,
  type TEvent,
  type TGetCatalogueResponse,
} from '@/lib/contract';
import type { serviceWith } from '@/partner-api/testing/events-test-data';

type Service = Awaited<ReturnType<typeof serviceWith>>;

/**
 * A partner's mirror that follows the algorithm of docs/design.md §4.5: always page 1, `lastUpdatedAt` = largest
 * updatedAt seen.
 */
export class Mirror {
  events = new Map<number, TEvent>();
  lastUpdatedAt: string | null = null;
  resyncs = 0;

  private token: string | null = null;
  private refreshToken: string | null = null;

  constructor(private readonly ctx: Service) {}

  /** A new access token: the cheap refresh grant while the refresh token lives, else the secret grant. */
  private async login(): Promise<string> {
    if (this.refreshToken) {
      const response = await this.ctx.service.app.inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'refreshToken', refreshToken: this.refreshToken },
      });
      if (response.statusCode === 201) {
        const body = ZLoginResponseSchema.parse(response.json());
        this.refreshToken = body.refreshToken;
        return body.accessToken;
      }
    }
    const body = await this.ctx.service.login();
    this.refreshToken = body.refreshToken;
    return body.accessToken;
  }

  /** POSTs to the catalogue like a real client: logs in again when its access token has expired. */
  async post(payload: object) {
    for (let attempt = 0; ; attempt++) {
      this.token ??= await this.login();
      const response = await this.ctx.service.app.inject({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload,
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (response.statusCode !== 401 || attempt > 0) return response;
      this.token = null;
    }
  }

  /** One request; true when the mirror is up to date with the response's state. */
  async step(limit: number): Promise<boolean> {
    const payload = { limit, ...(this.lastUpdatedAt === null ? {} : { lastUpdatedAt: this.lastUpdatedAt }) };
    const response = await this.post(payload);
    if (response.statusCode === 410) {
      expect(ZProblemSchema.parse(response.json()).status).toBe(410);
      this.events.clear();
      this.lastUpdatedAt = null;
      this.resyncs += 1;
      return false;
    }
    expect(response.statusCode, response.body).toBe(201);
    const body: TGetCatalogueResponse = ZGetCatalogueResponseSchema.parse(response.json());
    // Removals first: an id can only be both deleted and present again if it was re-used by a new event.
    for (const id of [...body.data.eventIdsDeleted, ...body.data.eventIdsPassed]) this.events.delete(id);
    for (const event of body.data.events) this.events.set(event.id, event);
    const last = body.data.events.at(-1);
    if (last) this.lastUpdatedAt = last.updatedAt;
    return body.pagination.totalPages <= 1;
  }
}

/** Reads the mirror's current ids and the server's, with nothing written in between. */
export async function currentIds(ctx: Service): Promise<number[]> {
  const all = await ctx.store.feed.changesSince(null, Number.MAX_SAFE_INTEGER);
  const now = Math.max(ctx.clock(), all.cursor.stamp);
  return all.events
    .filter((event) => event.endMs > now)
    .map((event) => event.id)
    .sort((a, b) => a - b);
}
