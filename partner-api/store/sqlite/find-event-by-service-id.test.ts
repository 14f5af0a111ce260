import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEventInput, openSqliteTestStore, type TestStore } from '@/partner-api/testing/fixtures';
import type { SqliteStore } from './sqlite-store';

let store: TestStore<SqliteStore>;
beforeEach(() => {
  store = openSqliteTestStore();
});
afterEach(async () => {
  await store.close();
});

describe('findEventIdByServiceId', () => {
  it('finds the event by its service id, the lowest id when several share it, and nothing once deleted', async () => {
    const first = await store.catalogue.createEvent(makeEventInput({ serviceId: 42 }));
    const second = await store.catalogue.createEvent(makeEventInput({ serviceId: 42 }));
    const own = await store.catalogue.createEvent(makeEventInput());
    expect(await store.catalogue.findEventIdByServiceId(42)).toBe(Math.min(first, second));
    expect(await store.catalogue.findEventIdByServiceId(own)).toBe(own);
    await store.catalogue.deleteEvent(Math.min(first, second));
    expect(await store.catalogue.findEventIdByServiceId(42)).toBe(Math.max(first, second));
    expect(await store.catalogue.findEventIdByServiceId(43)).toBeNull();
  });

  it('looks the service id up through an index, not a table scan', async () => {
    const plan = store.ctx.db
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM events WHERE service_id = ? ORDER BY id LIMIT 1')
      .all(1) as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX events_service_id/);
  });
});
