import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TGetCatalogueRequest } from '@/lib/contract';
import { createPartner, PartnerError } from '@/lib/partner';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { openMirrorDb, type MirrorDb } from './mirror-db';
import { sitemapEntries, sitemapFileCounts } from './sitemap-entries';
import { syncCatalogue, type FetchCataloguePage } from './sync-catalogue';

const HOUR = 3_600_000;

/*
 * The mirror against the real service over HTTP, through the web app's own Partner API client: what the spec and
 * DESIGN §4 promise is all it relies on.
 */
let service: TestApp;
let fetchPage: FetchCataloguePage;
let requests: TGetCatalogueRequest[];
let dir: string;
let db: MirrorDb;

beforeEach(async () => {
  service = await createTestApp();
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = createPartner({
    baseUrl: `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`,
    clientId: 'demo',
    clientSecret: 'demo-secret',
    sessionSecret: 'x'.repeat(32),
  });
  requests = [];
  fetchPage = (body) => {
    requests.push(body);
    return client.getCatalogue(body);
  };
  dir = mkdtempSync(join(tmpdir(), 'mirror-'));
  db = openMirrorDb(join(dir, 'mirror.sqlite'));
});

afterEach(async () => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
  await service.close();
});

const now = () => service.clock();
const heldIds = () => (db.prepare('SELECT id FROM events ORDER BY id').pluck().all() as number[]).sort((a, b) => a - b);
async function create(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await service.store.catalogue.createEvent(makeEventInput()));
  return ids;
}

/** Ids of the service's current catalogue (a fresh snapshot through the API), and those cancelled. */
async function serviceCatalogue(): Promise<{ ids: number[]; cancelled: number[] }> {
  const response = await service.request({ method: 'POST', url: '/v2/get/catalogue', payload: { limit: 500 } });
  const events = response.json<{ data: { events: Array<{ id: number; cancelledAt: string | null }> } }>().data.events;
  return {
    ids: events.map((e) => e.id).sort((a, b) => a - b),
    cancelled: events.filter((e) => e.cancelledAt).map((e) => e.id),
  };
}

describe('catalogue mirror', () => {
  it('takes a paged snapshot, then applies updates, cancellations, deletions and passed events incrementally', async () => {
    const ids = await create(12);
    const first = await syncCatalogue(db, fetchPage, { now, limit: 5 });
    expect(first.kind).toBe('snapshot');
    expect(heldIds()).toEqual([...ids].sort((a, b) => a - b));
    expect(requests.slice(0, 3).map((r) => r.pageNumber)).toEqual([1, 2, 3]);

    service.clock.advance(60_000);
    await service.store.catalogue.updateEvent(ids[0]!, { name: 'Renamed concert' });
    await service.store.catalogue.cancelEvent(ids[1]!);
    await service.store.catalogue.deleteEvent(ids[2]!);
    const early = await service.store.catalogue.createEvent(
      makeEventInput({ startMs: service.clock() + HOUR, endMs: service.clock() + 2 * HOUR }),
    );
    await syncCatalogue(db, fetchPage, { now, limit: 5 });
    expect(db.prepare('SELECT name FROM events WHERE id = ?').pluck().get(ids[0])).toBe('Renamed concert');
    expect(db.prepare('SELECT cancelled FROM events WHERE id = ?').pluck().get(ids[1])).toBe(1);
    expect(heldIds()).not.toContain(ids[2]);
    expect(heldIds()).toContain(early);

    // The early event ends: the next sync reports it passed.
    service.clock.advance(3 * HOUR);
    const report = await syncCatalogue(db, fetchPage, { now, limit: 5 });
    expect(report.kind).toBe('incremental');
    expect(heldIds()).not.toContain(early);

    // What the sitemap lists equals the service's current catalogue, cancelled events left out.
    const catalogue = await serviceCatalogue();
    const listed = sitemapEntries(db, 'events', 1, now()).map((entry) => Number(entry.path.split('/').pop()));
    expect(listed).toEqual(catalogue.ids.filter((id) => !catalogue.cancelled.includes(id)));
    expect(sitemapFileCounts(db, now(), 4).events).toBe(Math.ceil(listed.length / 4));
  });

  it('resumes a snapshot that failed midway from the last applied page, losing nothing', async () => {
    const ids = await create(12);
    let calls = 0;
    const flaky: FetchCataloguePage = (body) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new PartnerError('unreachable', 'connection reset'));
      return fetchPage(body);
    };
    await expect(syncCatalogue(db, flaky, { now, limit: 5 })).rejects.toThrow('connection reset');
    expect(heldIds()).toHaveLength(5);

    requests = [];
    await syncCatalogue(db, flaky, { now, limit: 5 });
    expect(requests[0]).toEqual({ limit: 5, pageNumber: 2 });
    expect(heldIds()).toEqual([...ids].sort((a, b) => a - b));
  });

  it('resumes incrementally after a restart (the cursor is in the file)', async () => {
    await create(3);
    await syncCatalogue(db, fetchPage, { now });
    db.close();
    db = openMirrorDb(join(dir, 'mirror.sqlite'));
    const added = await service.store.catalogue.createEvent(makeEventInput());
    requests = [];
    const report = await syncCatalogue(db, fetchPage, { now });
    expect(report.kind).toBe('incremental');
    expect(requests.every((r) => r.lastUpdatedAt !== undefined)).toBe(true);
    expect(heldIds()).toContain(added);
  });

  it('starts a clean resync on 410, replacing what it held once the new snapshot is complete', async () => {
    const ids = await create(4);
    await syncCatalogue(db, fetchPage, { now });
    // A row the service no longer has (as after deletions the service forgot): the resync must drop it.
    db.prepare(
      `INSERT INTO events (id, name, start_ms, end_ms, updated_at, updated_ms, place_id, generation)
       VALUES (999999, 'ghost', 0, 9e15, '2026-01-01T00:00:00.000Z', 0, 1, 1)`,
    ).run();
    let gone = true;
    const expired: FetchCataloguePage = (body) => {
      if (body.lastUpdatedAt !== undefined && gone) {
        gone = false;
        return Promise.reject(new PartnerError('http', 'POST /v2/get/catalogue → 410', { status: 410 }));
      }
      return fetchPage(body);
    };
    const report = await syncCatalogue(db, expired, { now });
    expect(report.resynced).toBe(true);
    expect(heldIds()).toEqual([...ids].sort((a, b) => a - b));
  });
});
