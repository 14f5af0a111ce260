import { describe, expect, it } from 'vitest';
import { openTestStore, makeEventInput } from '@/partner-api/testing/fixtures';
import type { TSearchItem } from '@/lib/contract';
import { migrate } from './open';
import { optimizeSearchIndex } from './optimize-search-index';

const names = (items: TSearchItem[]) =>
  items.map((item) => ('event' in item ? item.event.name : 'place' in item ? item.place.name : item.performer.name));

describe('search indexes follow the catalogue writes (triggers)', () => {
  it('indexes created, renamed, moved, rescheduled and deleted events, places and performers', () => {
    const store = openTestStore();
    const search = (text: string) => names(store.search({ text, point: null, types: ['events'], limit: 50 }));
    const id = store.createEvent(makeEventInput({ name: 'Quatuor Ébène en concert' }));
    expect(search('ebene')).toEqual(['Quatuor Ébène en concert']);

    store.updateEvent(id, { name: 'Quatuor Modigliani en concert' });
    expect(search('ebene')).toEqual([]);
    expect(search('modigl')).toEqual(['Quatuor Modigliani en concert']);
    // Typo candidates see the new word too (the vocabulary reloads after a change).
    expect(search('modigliano')).toEqual(['Quatuor Modigliani en concert']);

    // Moved to Lyon: the city is part of the event's context.
    store.updateEvent(id, {
      place: {
        name: 'Salle Rameau',
        lng: 4.83,
        lat: 45.76,
        street: '29 rue de la Martinière',
        city: 'Lyon',
        postalCode: '69001',
      },
    });
    expect(search('modigliani lyon')).toEqual(['Quatuor Modigliani en concert']);
    expect(search('modigliani paris')).toEqual([]);

    // Cancelled events stay searchable (with their marker); passed and deleted ones do not show.
    store.cancelEvent(id);
    expect(search('modigliani')).toHaveLength(1);
    store.updateEvent(id, { startMs: store.clock() - 5 * 3_600_000, endMs: store.clock() - 3_600_000 });
    expect(search('modigliani')).toEqual([]);
    store.updateEvent(id, { startMs: store.clock() + 3_600_000, endMs: store.clock() + 2 * 3_600_000 });
    expect(search('modigliani')).toHaveLength(1);
    store.deleteEvent(id);
    expect(search('modigliani')).toEqual([]);
    const rows = (table: string) =>
      (store.ctx.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(rows('search_event_docs')).toBe(0);
    store.close();
  });

  it('survives an optimize and a re-run of the migrations', () => {
    const store = openTestStore();
    store.createEvent(makeEventInput({ name: 'Nocturne au musée', performers: [{ name: 'Clara Haskil' }] }));
    optimizeSearchIndex(store.ctx.db);
    migrate(store.ctx.db);
    const items = store.search({ text: 'noct', point: null, types: ['events', 'performers'], limit: 10 });
    expect(names(items)).toEqual(['Nocturne au musée']);
    expect(names(store.search({ text: 'haskil', point: null, types: ['performers'], limit: 10 }))).toEqual([
      'Clara Haskil',
    ]);
    store.close();
  });
});
