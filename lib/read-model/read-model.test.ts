import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEvent, TGetCatalogueRequest, TGetCatalogueResponse } from '@/lib/contract';
import { openMirrorFile } from '@/lib/mirror/catalogue-mirror';
import { openMirrorDb, type MirrorDb } from '@/lib/mirror/mirror-db';
import { syncCatalogue, type FetchCataloguePage } from '@/lib/mirror/sync-catalogue';
import { PartnerError } from '@/lib/partner/errors';
import { fakeEvent } from '@/test/web/fixtures';
import { ReadModel } from './read-model';

/* The read model's faults: a resync keeps the old copy serving; a corrupt mirror file is rebuilt. */

const BODY = { datesFilter: { minDate: '2026-11-01T00:00:00Z', maxDate: '2026-12-31T00:00:00Z' }, limit: 50 };
const NOW = Date.parse('2026-11-20T00:00:00Z');

function page(events: TEvent[], pageNumber: number, totalPages: number): TGetCatalogueResponse {
  return {
    data: { events, eventIdsCancelled: [], eventIdsNotAvailable: [], eventIdsPassed: [], eventIdsDeleted: [] },
    pagination: {
      totalItems: totalPages * 2,
      totalPages,
      perPage: 2,
      currentPage: pageNumber,
      nextPageParams: null,
      previousPageParams: null,
    },
  };
}

const gone = () =>
  new PartnerError('http', 'catalogue 410', { status: 410, upstreamDetail: 'resync', retryAfter: undefined });

let dir: string;
let db: MirrorDb;
let model: ReadModel;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-model-'));
  db = openMirrorDb(join(dir, 'mirror.sqlite'));
  model = new ReadModel(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = () => model.view({ body: BODY, zoom: 10, now: NOW })?.data.map((event) => event.id);

describe('read model', () => {
  it('is cold until a first snapshot completes, then follows incremental pages', async () => {
    let fail = true;
    const fetchPage: FetchCataloguePage = async ({ pageNumber = 1, lastUpdatedAt }: TGetCatalogueRequest) => {
      if (lastUpdatedAt !== undefined) {
        return page([{ ...fakeEvent(3), updatedAt: '2026-11-19T10:00:00.000Z' }], 1, 1);
      }
      if (pageNumber === 2 && fail) throw new Error('network down');
      return page(pageNumber === 1 ? [fakeEvent(1)] : [fakeEvent(2)], pageNumber, 2);
    };
    const sync = () => syncCatalogue(db, fetchPage, { now: () => NOW, onChange: (change) => model.apply(change) });
    await expect(sync()).rejects.toThrow('network down');
    expect(model.ready()).toBe(false);
    expect(model.view({ body: BODY, zoom: 10, now: NOW })).toBeNull();
    fail = false;
    await sync();
    expect(model.ready()).toBe(true);
    // The snapshot resumed at page 2 (nothing lost), then the incremental page brought event 3.
    expect(ids()?.sort()).toEqual([1, 2, 3]);
  });

  it('keeps serving the old copy through a resync after a 410, and replaces it once the snapshot is complete', async () => {
    let phase: 'first' | 'gone' | 'resync-fails' | 'resync' = 'first';
    const fetchPage: FetchCataloguePage = async ({ pageNumber = 1, lastUpdatedAt }: TGetCatalogueRequest) => {
      if (lastUpdatedAt !== undefined) {
        if (phase === 'gone') throw gone();
        return page([], 1, 1);
      }
      if (phase === 'first') return page(pageNumber === 1 ? [fakeEvent(1)] : [fakeEvent(2)], pageNumber, 2);
      if (pageNumber === 2 && phase !== 'resync') throw new Error('network down');
      return page(pageNumber === 1 ? [fakeEvent(1)] : [fakeEvent(4)], pageNumber, 2);
    };
    const sync = () => syncCatalogue(db, fetchPage, { now: () => NOW, onChange: (change) => model.apply(change) });
    await sync();
    expect(model.warm()).toBe(true);
    expect(ids()?.sort()).toEqual([1, 2]);
    phase = 'gone';
    // The 410 starts a resync, whose second page fails: the copy keeps answering with what it held.
    await expect(sync()).rejects.toThrow('network down');
    expect(model.ready()).toBe(true);
    expect(ids()?.sort()).toEqual([1, 2]);
    phase = 'resync';
    await sync();
    expect(ids()?.sort()).toEqual([1, 4]);
  });

  it('keeps no answer past a page the sync applied, past its minute when it depends on now, or for another query', async () => {
    // Event 1 ends at 22:00 UTC; event 2 (music) later that evening.
    const evening = (id: number, start: string, end: string, categories: TEvent['categories'] = []) =>
      fakeEvent(id, { startDate: start, endDate: end, categories });
    const music = [{ id: 5, name: 'Concert', mainCategory: 'musique' }] as unknown as TEvent['categories'];
    let incremental: TEvent[] = [];
    const fetchPage: FetchCataloguePage = async ({ lastUpdatedAt }: TGetCatalogueRequest) =>
      lastUpdatedAt !== undefined
        ? page(incremental, 1, 1)
        : page(
            [
              evening(1, '2026-11-22 20:00:00.000 +0000', '2026-11-22 22:00:00.000 +0000'),
              evening(2, '2026-11-22 21:00:00.000 +0000', '2026-11-22 23:30:00.000 +0000', music),
            ],
            1,
            1,
          );
    const at = Date.parse('2026-11-22T21:59:30Z');
    const sync = () => syncCatalogue(db, fetchPage, { now: () => at, onChange: (change) => model.apply(change) });
    await sync();
    // No dates: the default window starts at "now".
    const live = (now: number, body: object = {}) =>
      model.view({ body: { limit: 50, ...body }, zoom: 10, now })?.data.map((event) => event.id);
    expect(live(at)).toEqual([1, 2]);
    // Another filter is another answer, whatever was kept.
    expect(live(at, { categories: ['musique'] })).toEqual([2]);
    expect(model.view({ body: { limit: 50 }, zoom: 10, now: at })?.categoryCounts).toEqual({ musique: 1, none: 1 });
    // Within the minute the kept answer may still list event 1 (ended 22:00:00); the next minute does not.
    expect(live(Date.parse('2026-11-22T22:00:30Z'))).toEqual([2]);
    // A page the sync applies (event 3 added, event 2 renamed) is in the very next answer.
    incremental = [
      {
        ...evening(3, '2026-11-22 21:30:00.000 +0000', '2026-11-22 23:00:00.000 +0000'),
        updatedAt: '2026-11-19T10:00:00.000Z',
      },
      {
        ...evening(2, '2026-11-22 21:00:00.000 +0000', '2026-11-22 23:30:00.000 +0000', music),
        name: 'Renamed',
        updatedAt: '2026-11-19T10:00:01.000Z',
      },
    ];
    await sync();
    const after = model.view({ body: { limit: 50 }, zoom: 10, now: Date.parse('2026-11-22T22:00:40Z') });
    expect(after?.data.map((event) => [event.id, event.name])).toEqual([
      [3, 'Event 3'],
      [2, 'Renamed'],
    ]);
  });

  it('moves a corrupt mirror file aside with a log line and starts a fresh one', () => {
    const file = join(dir, 'broken.sqlite');
    writeFileSync(file, 'this is not a database, only garbage '.repeat(200));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fresh = openMirrorFile(file);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/unreadable .*rebuilding from a snapshot/));
    log.mockRestore();
    expect(new ReadModel(fresh).ready()).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('broken.sqlite.corrupt-'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    fresh.close();
  });
});
