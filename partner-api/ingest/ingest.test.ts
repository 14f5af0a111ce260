import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ZGetCatalogueResponseSchema,
  ZGetEventsResponseSchema,
  type TEvent,
  type TGetCatalogueResponse,
} from '@/lib/contract';
import type { TIngestFormat } from '@/lib/contract/ingest';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { importItems, UnknownPartnerError } from './import';
import { FormatError } from './formats/items';
import { readFeed } from './read-feed';

/*
 * Ingestion end to end: feeds go in through the import path (the CLI's and the ingest API's core), and what comes
 * out is read over HTTP with a partner client, on whichever store the vitest project runs (SQLite or PostgreSQL).
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const HORIZON = 'Billetterie Horizon';
const TICKETSUD = 'TicketSud';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function importText(partner: string, text: string, format: TIngestFormat, options: { full?: boolean } = {}) {
  return importItems(t.store, readFeed(text, format), {
    partner,
    format,
    full: options.full ?? false,
    nowMs: t.clock(),
  });
}

async function catalogue(lastUpdatedAt?: string): Promise<TGetCatalogueResponse> {
  const response = await t.request({
    method: 'POST',
    url: '/v2/get/catalogue',
    payload: { limit: 500, ...(lastUpdatedAt ? { lastUpdatedAt } : {}) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZGetCatalogueResponseSchema.parse(response.json());
}

async function eventsNamed(fragment: string): Promise<TEvent[]> {
  const { data } = await catalogue();
  return data.events.filter((e) => e.name.toLowerCase().includes(fragment.toLowerCase()));
}

/** The largest updatedAt of a snapshot, as a catalogue delta's `lastUpdatedAt`. */
function lastUpdated(events: readonly TEvent[]): string {
  const ms = Math.max(...events.map((e) => Date.parse(e.updatedAt)));
  return new Date(ms).toISOString();
}

async function importBothFeeds() {
  const ical = await importText(HORIZON, fixture('concerts-horizon.ics'), 'ical');
  const jsonld = await importText(TICKETSUD, fixture('concerts-ticketsud.html'), 'jsonld');
  return { ical, jsonld };
}

describe('importing the same concerts from two partners', () => {
  it('makes one event per concert with both sources and prices derived from them', async () => {
    const { ical, jsonld } = await importBothFeeds();
    expect(ical).toMatchObject({ records: 5, created: 4, merged: 0, updated: 0, unchanged: 0 });
    expect(ical.floatingTimeZone).toBe('Europe/Paris');
    expect(ical.rejected.map((r) => [r.unit, r.position, r.reason])).toEqual([
      ['vevent', 5, 'link: Invalid input: expected string, received undefined'],
    ]);
    expect(jsonld).toMatchObject({ records: 5, created: 1, merged: 3 });
    expect(jsonld.rejected).toEqual([
      expect.objectContaining({ unit: 'item', position: 5, reason: 'dates[0].start is not a valid date' }),
    ]);

    const { data } = await catalogue();
    expect(data.events).toHaveLength(5);
    const maalouf = data.events.find((e) => e.name === 'Ibrahim Maalouf') as TEvent;
    expect(maalouf.sources.map((s) => s.partner.name).sort()).toEqual([HORIZON, TICKETSUD]);
    expect(maalouf).toMatchObject({ lowestPrice: 39, highestPrice: 79, hasGoodDeal: false });
    expect(maalouf.place).toMatchObject({
      name: "L'Olympia",
      address: { street: '28 boulevard des Capucines', city: 'Paris', postalCode: '75009', lat: 48.8702, lng: 2.3283 },
    });
    expect(maalouf.startDate.startsWith('2027-03-12 20:00:00')).toBe(true);
    expect(maalouf.categories.map((c) => c.mainCategory)).toContain('musique');
    expect(maalouf.sources.find((s) => s.partner.name === HORIZON)).toMatchObject({
      lowestPrice: null,
      highestPrice: null,
    });

    // Floating DTSTART read in Paris time; the other partner gave +01:00: the same instant.
    const mahler = data.events.find((e) => e.name.includes('Mahler')) as TEvent;
    expect(mahler.sources).toHaveLength(2);
    expect(mahler).toMatchObject({ lowestPrice: 25, highestPrice: 95 });
    expect(mahler.categories.map((c) => c.subCategory)).toContain('classique');

    // The Zénith: doors at 19:30 on one partner, show at 20:00 on the other → one event; the second night is another.
    const armanet = data.events.filter((e) => e.name.toLowerCase().includes('armanet'));
    expect(armanet.map((e) => e.sources.length).sort()).toEqual([1, 2]);
    const [night1] = armanet.filter((e) => e.sources.length === 2) as [TEvent];
    expect(night1).toMatchObject({ lowestPrice: 45.5, highestPrice: 45.5 });

    // A recurring VEVENT is one event with its dates (EXDATE skipped).
    const [garnier] = data.events.filter((e) => e.name.includes('Garnier')) as [TEvent];
    expect(garnier.sources[0]?.availableDates).toHaveLength(3);
    expect(new Set(garnier.categories.map((c) => c.mainCategory))).toEqual(new Set(['visite']));
    expect(garnier.categories.map((c) => c.subCategory)).toContain('visite-guidee');
  });

  it('changes nothing when the same files are imported again', async () => {
    await importBothFeeds();
    const before = await catalogue();
    const again = await importBothFeeds();
    expect(again.ical).toMatchObject({ created: 0, merged: 0, updated: 0, unchanged: 4 });
    expect(again.jsonld).toMatchObject({ created: 0, merged: 0, updated: 0, unchanged: 4 });
    const after = await catalogue();
    expect(after.data.events).toEqual(before.data.events);
    const delta = await catalogue(lastUpdated(before.data.events));
    expect(delta.data.events).toEqual([]);
  });

  it('cancels a concert once both partners cancel it, and reports it in eventIdsCancelled', async () => {
    await importBothFeeds();
    const before = await catalogue();
    const mahlerId = (before.data.events.find((e) => e.name.includes('Mahler')) as TEvent).id;
    const since = lastUpdated(before.data.events);

    // One partner cancels: the other still sells it, the event stays on.
    const icalCancelled = fixture('concerts-horizon.ics').replace(
      'SUMMARY:Orchestre de Paris',
      'STATUS:CANCELLED\r\nSUMMARY:Orchestre de Paris',
    );
    expect(await importText(HORIZON, icalCancelled, 'ical')).toMatchObject({ updated: 1, unchanged: 3 });
    let delta = await catalogue(since);
    expect(delta.data.eventIdsCancelled).toEqual([]);
    const halfway = delta.data.events.find((e) => e.id === mahlerId) as TEvent;
    expect(halfway.cancelledAt).toBeNull();
    expect(halfway.sources.map((s) => s.partner.name)).toEqual([TICKETSUD]);

    const jsonldCancelled = fixture('concerts-ticketsud.html').replace(
      '"name": "MAHLER Symphonie n°5 - Orchestre de Paris",',
      '"name": "MAHLER Symphonie n°5 - Orchestre de Paris", "eventStatus": "https://schema.org/EventCancelled",',
    );
    expect(await importText(TICKETSUD, jsonldCancelled, 'jsonld')).toMatchObject({ updated: 1, unchanged: 3 });
    delta = await catalogue(since);
    expect(delta.data.eventIdsCancelled).toEqual([mahlerId]);
    expect((delta.data.events.find((e) => e.id === mahlerId) as TEvent).cancelledAt).not.toBeNull();
  });

  it('withdraws what a full feed no longer lists, deleting events left without a source', async () => {
    await importBothFeeds();
    const before = await catalogue();
    const since = lastUpdated(before.data.events);
    const garnierId = (before.data.events.find((e) => e.name.includes('Garnier')) as TEvent).id;
    const maaloufId = (before.data.events.find((e) => e.name === 'Ibrahim Maalouf') as TEvent).id;

    // Horizon's full feed without the Garnier visit and without Maalouf.
    const full = fixture('concerts-horizon.ics')
      .replace(/BEGIN:VEVENT\r\nUID:horizon-garnier-visite[\s\S]*?END:VEVENT\r\n/, '')
      .replace(/BEGIN:VEVENT\r\nUID:horizon-2027-0312-maalouf[\s\S]*?END:VEVENT\r\n/, '');
    const summary = await importText(HORIZON, full, 'ical', { full: true });
    expect(summary).toMatchObject({ unchanged: 2, withdrawn: 2, deleted: 1 });

    const delta = await catalogue(since);
    expect(delta.data.eventIdsDeleted).toEqual([garnierId]);
    const maalouf = delta.data.events.find((e) => e.id === maaloufId) as TEvent;
    expect(maalouf.sources.map((s) => s.partner.name)).toEqual([TICKETSUD]);
    // The remaining partner's record now names the event.
    expect(maalouf.name).toBe('Ibrahim Maalouf – Trumpets of Michel-Ange');
  });

  it('updates a changed record in the catalogue feed and the events query', async () => {
    await importBothFeeds();
    const before = await catalogue();
    const since = lastUpdated(before.data.events);
    const repriced = fixture('concerts-ticketsud.html').replace('"highPrice": "79"', '"highPrice": "89"');
    expect(await importText(TICKETSUD, repriced, 'jsonld')).toMatchObject({ updated: 1, unchanged: 3 });
    const delta = await catalogue(since);
    expect(delta.data.events.map((e) => [e.name, e.highestPrice])).toEqual([['Ibrahim Maalouf', 89]]);
    const response = await t.request({
      method: 'POST',
      url: '/v2/get/events',
      payload: {
        limit: 10,
        categories: ['musique'],
        datesFilter: { minDate: '2027-03-12T12:00:00Z', maxDate: '2027-03-12T23:00:00Z' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const events = ZGetEventsResponseSchema.parse(response.json()).data;
    expect(events.map((e) => [e.name, e.lowestPrice, e.highestPrice])).toEqual([['Ibrahim Maalouf', 39, 89]]);
  });
});

describe('bad input', () => {
  it('rejects malformed NDJSON lines with their line number and imports the rest', async () => {
    const summary = await importText('PlaceLibre', fixture('lyon-placelibre.ndjson'), 'ndjson');
    expect(summary.rejected.map((r) => [r.position, r.reason])).toEqual([
      [3, 'not valid JSON'],
      [5, expect.stringContaining('link')],
      [6, 'venue has no coordinates (lat and lng) and no map place provider is configured'],
    ]);
    expect(summary).toMatchObject({ records: 6, created: 3 });
    expect(await eventsNamed('Nuits de Fourvière')).toHaveLength(1);
  });

  it('refuses a file that is not the format it claims, writing nothing', async () => {
    expect(() => readFeed(fixture('concerts-ticketsud.html'), 'ical')).toThrow(FormatError);
    expect(() => readFeed(fixture('concerts-horizon.ics'), 'ndjson')).toThrow(FormatError);
    expect(() => readFeed(fixture('lyon-placelibre.ndjson'), 'jsonld')).toThrow(FormatError);
    expect((await catalogue()).data.events).toEqual([]);
  });

  it('refuses an unknown partner', async () => {
    await expect(importText('Nobody', fixture('lyon-placelibre.ndjson'), 'ndjson')).rejects.toThrow(
      UnknownPartnerError,
    );
    expect((await catalogue()).data.events).toEqual([]);
  });
});

describe('the e2e fixture catalogue (e2e/fixtures/catalogue.ndjson)', () => {
  it('imports whole, every event with a category, in Paris, Lyon and Marseille', async () => {
    const text = readFileSync(new URL('../../e2e/fixtures/catalogue.ndjson', import.meta.url), 'utf8');
    const summary = await importText(HORIZON, text, 'ndjson');
    expect(summary.rejected).toEqual([]);
    expect(summary).toMatchObject({ records: 41, created: 41 });
    const { data } = await catalogue();
    expect(data.events).toHaveLength(41);
    expect(data.events.filter((e) => e.categories.length === 0).map((e) => e.name)).toEqual([]);
    const towns = new Set(data.events.map((e) => e.place.address.city));
    for (const town of ['Paris', 'Lyon', 'Marseille']) expect(towns).toContain(town);
    // Two shows the same night at the same venue stay two events.
    expect(data.events.filter((e) => e.name === 'Gad Elmaleh — Lui-même')).toHaveLength(2);
  });
});
