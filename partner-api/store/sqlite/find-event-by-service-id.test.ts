import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEventInput, openTestStore, type TestStore } from '@/partner-api/testing/fixtures';

let store: TestStore;
beforeEach(() => {
  store = openTestStore();
});
afterEach(() => {
  store.close();
});

describe('findEventIdByServiceId', () => {
  it('finds the event by its service id, the lowest id when several share it, and nothing once deleted', () => {
    const first = store.createEvent(makeEventInput({ serviceId: 42 }));
    const second = store.createEvent(makeEventInput({ serviceId: 42 }));
    const own = store.createEvent(makeEventInput());
    expect(store.findEventIdByServiceId(42)).toBe(Math.min(first, second));
    expect(store.findEventIdByServiceId(own)).toBe(own);
    store.deleteEvent(Math.min(first, second));
    expect(store.findEventIdByServiceId(42)).toBe(Math.max(first, second));
    expect(store.findEventIdByServiceId(43)).toBeNull();
  });

  it('looks the service id up through an index, not a table scan', () => {
    const plan = store.ctx.db
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM events WHERE service_id = ? ORDER BY id LIMIT 1')
      .all(1) as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX events_service_id/);
  });
});
