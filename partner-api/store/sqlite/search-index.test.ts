import { describe, expect, it } from 'vitest';
import { openSqliteTestStore, makeEventInput } from '@/partner-api/testing/fixtures';
import type { TEvent, TSearchItem } from '@/lib/contract';
import { assembleEventJson } from '../types';
import { migrate } from './open';
import { optimizeSearchIndex } from './operations/optimize-search-index';

const names = (items: TSearchItem[]) =>
  items.map((item) => ('event' in item ? item.event.name : 'place' in item ? item.place.name : item.performer.name));

describe('search indexes follow the catalogue writes (triggers)', () => {
  it('indexes created, renamed, moved, rescheduled and deleted events, places and performers', async () => {
    const store = openSqliteTestStore();
    const search = async (text: string) =>
      names(await store.search.search({ text, point: null, types: ['events'], limit: 50 }));
    const id = await store.catalogue.createEvent(makeEventInput({ name: 'Quatuor Ébène en concert' }));
    expect(await search('ebene')).toEqual(['Quatuor Ébène en concert']);

    await store.catalogue.updateEvent(id, { name: 'Quatuor Modigliani en concert' });
    expect(await search('ebene')).toEqual([]);
    expect(await search('modigl')).toEqual(['Quatuor Modigliani en concert']);
    // Typo candidates see the new word too (the vocabulary reloads after a change).
    expect(await search('modigliano')).toEqual(['Quatuor Modigliani en concert']);

    // Moved to Lyon: the city is part of the event's context.
    await store.catalogue.updateEvent(id, {
      place: {
        name: 'Salle Rameau',
        lng: 4.83,
        lat: 45.76,
        street: '29 rue de la Martinière',
        city: 'Lyon',
        postalCode: '69001',
      },
    });
    expect(await search('modigliani lyon')).toEqual(['Quatuor Modigliani en concert']);
    expect(await search('modigliani paris')).toEqual([]);

    // Cancelled events stay searchable (with their marker); passed and deleted ones do not show.
    await store.catalogue.cancelEvent(id);
    expect(await search('modigliani')).toHaveLength(1);
    await store.catalogue.updateEvent(id, { startMs: store.clock() - 5 * 3_600_000, endMs: store.clock() - 3_600_000 });
    expect(await search('modigliani')).toEqual([]);
    await store.catalogue.updateEvent(id, { startMs: store.clock() + 3_600_000, endMs: store.clock() + 2 * 3_600_000 });
    expect(await search('modigliani')).toHaveLength(1);
    await store.catalogue.deleteEvent(id);
    expect(await search('modigliani')).toEqual([]);
    const rows = (table: string) =>
      (store.ctx.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(rows('search_event_docs')).toBe(0);
    await store.close();
  });

  it('builds event items with exactly the values of the stored Event', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(
      makeEventInput({
        name: 'Récital\u0007 « Chopin » à l’Opéra',
        categories: ['musique/classique', 'spectacle'],
        prices: null,
        // Winter date: +0100 in Paris.
        startMs: Date.UTC(2026, 11, 20, 19, 30),
        endMs: Date.UTC(2026, 11, 20, 21, 30),
      }),
    );
    const [item] = await store.search.search({ text: 'chopin', point: null, types: ['events'], limit: 1 });
    const event = JSON.parse(
      assembleEventJson((await store.catalogue.getEvent(id))!, { commentaries: false, performers: false }),
    ) as TEvent;
    expect(item && 'event' in item).toBe(true);
    if (!item || !('event' in item)) return;
    const { score, categories, ...rest } = item.event;
    expect(score).toBeGreaterThan(0);
    expect(rest).toEqual({
      id: event.id,
      serviceId: event.serviceId,
      name: event.name,
      startDate: event.startDate,
      endDate: event.endDate,
      hasEndDateNotReliable: event.hasEndDateNotReliable,
      lowestPrice: event.lowestPrice,
      highestPrice: event.highestPrice,
      description: event.description,
      image: event.image,
      squareImage: event.squareImage,
      rectangleImage: event.rectangleImage,
      place: { id: event.place.id, name: event.place.name, address: event.place.address },
      averageGrade: event.averageGrade,
      totalGrades: event.totalGrades,
    });
    expect(categories.map((c) => c.id).sort()).toEqual(event.categories.map((c) => c.id).sort());
    for (const category of categories) {
      const full = event.categories.find((c) => c.id === category.id)!;
      expect(category).toEqual({
        id: full.id,
        name: full.subCategory ?? full.mainCategory,
        mainCategory: full.mainCategory,
        traductionFR: full.traductionFR,
        traductionEN: full.traductionEN,
        icon: full.icon,
      });
    }
    await store.close();
  });

  it('survives an optimize and a re-run of the migrations', async () => {
    const store = openSqliteTestStore();
    await store.catalogue.createEvent(
      makeEventInput({ name: 'Nocturne au musée', performers: [{ name: 'Clara Haskil' }] }),
    );
    optimizeSearchIndex(store.ctx.db);
    migrate(store.ctx.db);
    const items = await store.search.search({ text: 'noct', point: null, types: ['events', 'performers'], limit: 10 });
    expect(names(items)).toEqual(['Nocturne au musée']);
    expect(names(await store.search.search({ text: 'haskil', point: null, types: ['performers'], limit: 10 }))).toEqual(
      ['Clara Haskil'],
    );
    await store.close();
  });
});
