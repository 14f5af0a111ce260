import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZMapPlaceWithEventsSchema,
  ZPerformerSchema,
  ZProblemSchema,
  ZSearchResponseSchema,
  type TSearchItem,
} from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { FIXTURE_NOW_MS, makeEventInput, storedEvent } from '../testing/fixtures';

const HOUR_MS = 3_600_000;
import { CITIES, createSearchCatalogue, VENUES, type SearchCatalogue, type Venue } from '../testing/search-catalogue';

let t: TestApp;
let catalogue: SearchCatalogue;
let performerIds: Map<string, number[]>;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await createSearchCatalogue(t.store);
  // A confirmed performer whose only event was deleted: known, but with nothing to show.
  const gone = await t.store.catalogue.createEvent(
    makeEventInput({ name: 'Concert annulé', performers: [{ name: 'Artiste Oublié' }] }),
  );
  await t.store.catalogue.deleteEvent(gone);
  performerIds = new Map();
  for (const id of Object.values(catalogue.events)) {
    for (const performer of (await storedEvent(t.store, id))!.performers) {
      const ids = performerIds.get(performer.name) ?? [];
      if (!ids.includes(performer.id)) performerIds.set(performer.name, [...ids, performer.id]);
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string | number>): Promise<TSearchItem[]> {
  const response = await t.request({ method: 'GET', url: `/v2/search?${new URLSearchParams(toStrings(query))}` });
  expect(response.statusCode, response.body).toBe(200);
  return ZSearchResponseSchema.parse(response.json());
}

function toStrings(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

/** A compact name of a result: `event:scapinLyon`, `place:olympia`, `performer:Stromae`. */
function label(item: TSearchItem | undefined): string {
  if (!item) return 'nothing';
  if ('event' in item) {
    const key = Object.entries(catalogue.events).find(([, id]) => id === item.event.id)?.[0];
    return `event:${key ?? item.event.id}`;
  }
  if ('place' in item) {
    const key = Object.entries(VENUES).find(([, venue]) => venue.id === item.place.id)?.[0];
    return `place:${key ?? item.place.id}`;
  }
  return `performer:${item.performer.name}`;
}

const at = (city: keyof typeof CITIES) => CITIES[city];
type Case = [query: string, near: keyof typeof CITIES | null, expected: string];

// The relevance table: query, point (city centre or none), expected first result.
const CASES: Case[] = [
  // Accents and case, both ways.
  ['theatre de la ville', null, 'place:theatreVille'],
  ['THÉÂTRE DE LA VILLE', null, 'place:theatreVille'],
  ['electro', null, 'event:electro'],
  ['ÉLECTRO printanier', null, 'event:electro'],
  ['angele', null, 'performer:Angèle'],
  ['Café concert Le Boeuf', null, 'place:boeuf'],
  ['zenith', null, 'place:zenith'],
  ['conference', null, 'event:ia'],
  // Prefixes (typeahead).
  ['thea', at('paris') && 'paris', 'place:theatreVille'],
  ['jaz', null, 'event:manouche'],
  ['strom', null, 'performer:Stromae'],
  ['pley', null, 'place:pleyel'],
  ['salle pley', null, 'place:pleyel'],
  ['garn', null, 'place:garnier'],
  // One typo in words of five letters or more (also in the word being typed).
  ['fourbries', 'paris', 'event:scapinParis'],
  ['manouhce', null, 'event:manouche'],
  ['inteligence', null, 'event:ia'],
  ['symphonqiue', 'bordeaux', 'event:beethovenBordeaux'],
  ['beethv', null, 'event:beethovenBordeaux'],
  ['brocnate', null, 'event:brocante'],
  // Several words, place and performer names, context (city).
  ['scapin lyon', null, 'event:scapinLyon'],
  ['poterie enfants toulouse', null, 'event:poterie'],
  ['intelligence artificielle', null, 'event:ia'],
  ['concert symphonique', 'paris', 'event:beethovenParis'],
  ['stromae', null, 'performer:Stromae'],
  ['stromae concert', null, 'event:stromae'],
  ['orchestre de paris', null, 'performer:Orchestre de Paris'],
  ['olympia', 'paris', 'place:olympia'],
  ['salle pleyel', null, 'place:pleyel'],
  ['pina bausch', null, 'event:pina'],
  // Passed events are not offered: the tribute took place, its performer still shows.
  ['johnny', null, 'performer:Johnny Tribute Band'],
  // The same name in two cities: proximity decides, then how soon.
  ['petit theatre', 'paris', 'place:petitTheatreParis'],
  ['petit theatre', 'lyon', 'place:petitTheatreLyon'],
  ['Le Petit Théâtre', 'lyon', 'place:petitTheatreLyon'],
  ['fourberies', 'paris', 'event:scapinParis'],
  ['fourberies', 'lyon', 'event:scapinLyon'],
  ['fourberies', null, 'event:scapinLyon'],
  ['beethoven', 'paris', 'event:beethovenParis'],
  ['beethoven', 'bordeaux', 'event:beethovenBordeaux'],
  ['beethoven', null, 'event:beethovenBordeaux'],
];

describe('GET /v2/search relevance table', () => {
  it.each(CASES)('%s (near %s) → %s', async (query, near, expected) => {
    const point = near ? CITIES[near] : null;
    const items = await search({ search: query, ...(point ? { lng: point.lng, lat: point.lat } : {}) });
    expect(label(items[0]), items.map(label).join(', ')).toBe(expected);
  });

  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });
});

describe('GET /v2/search: long lists', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
    // 130 upcoming events sharing one word: more than a results view's first page, fewer than the most listed.
    for (let i = 0; i < 130; i++) {
      await own.store.catalogue.createEvent(
        makeEventInput({ name: `Nuit zéphyrine ${i}`, startMs: FIXTURE_NOW_MS + (i + 1) * HOUR_MS }),
      );
    }
  });
  afterAll(async () => {
    await own.close();
  });
  const events = async (limit: number) => {
    const response = await own.request({
      method: 'GET',
      url: `/v2/search?search=zephyrine&type=events&limit=${limit}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return ZSearchResponseSchema.parse(response.json()).map((item) => ('event' in item ? item.event.id : -1));
  };

  it('lists as many events as asked up to 200, each once, so a results view can show more than 50', async () => {
    const first = await events(50);
    const longer = await events(200);
    expect(first).toHaveLength(50);
    expect(longer).toHaveLength(130);
    expect(new Set(longer).size).toBe(130);
    expect(longer).toEqual(expect.arrayContaining(first));
  });
});

describe('GET /v2/search', () => {
  it('returns every kind with the item shapes of docs/design.md §4.6, scores best first', async () => {
    const items = await search({ search: 'o', limit: 50 });
    const kinds = new Set(items.map((item) => Object.keys(item)[0]));
    expect(kinds).toEqual(new Set(['event', 'place', 'performer']));
    const scores = items.map((item) => (Object.values(item)[0] as { score: number }).score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('filters by type and honours limit', async () => {
    const places = await search({ search: 'le', type: 'places', limit: 3 });
    expect(places).toHaveLength(3);
    expect(places.every((item) => 'place' in item)).toBe(true);
    const two = await search({ search: 'stromae', type: 'events,performers' });
    expect(two.map(label).sort()).toEqual(['event:stromae', 'performer:Stromae']);
  });

  it('takes type repeated (what openapi-fetch sends) as well as comma-separated, with the same answer', async () => {
    const get = async (query: string) => {
      const response = await t.request({ method: 'GET', url: `/v2/search?search=stromae&${query}` });
      expect(response.statusCode, `${query} → ${response.body}`).toBe(200);
      return ZSearchResponseSchema.parse(response.json()).map(label).sort();
    };
    const comma = await get('type=events,performers');
    expect(comma).toEqual(['event:stromae', 'performer:Stromae']);
    expect(await get('type=events&type=performers')).toEqual(comma);
    expect(await get('type=events&type=performers&type=events')).toEqual(comma);
    expect(await get('type=events,performers&type=places')).toEqual(await get('type=events,places,performers'));
    const bad = await t.request({ method: 'GET', url: '/v2/search?search=a&type=events&type=concerts' });
    expect(bad.statusCode).toBe(400);
    expect(ZProblemSchema.parse(bad.json()).errors?.[0]?.pointer).toMatch(/^#\/type/);
  });

  it('finds nothing for words absent from the catalogue, and never more than one typo', async () => {
    expect(await search({ search: 'xylophone' })).toEqual([]);
    expect(await search({ search: 'furbriez' })).toEqual([]);
    // Words under five letters get no typo tolerance.
    expect(await search({ search: 'jazy' })).toEqual([]);
  });

  it('treats query syntax characters as text', async () => {
    for (const query of ['"', 'NEAR(a b)', 'a OR b', '*', 'col:thea', "l'olympia", '^thea', '-', 'AND']) {
      const response = await t.request({ method: 'GET', url: `/v2/search?search=${encodeURIComponent(query)}` });
      expect(response.statusCode, query).toBe(200);
    }
    expect(label((await search({ search: "l'olympia" }))[0])).toBe('place:olympia');
  });

  it('answers any text of up to 200 characters with 200 and valid items', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((text) => text.trim().length > 0),
        async (text) => {
          const response = await t.request({ method: 'GET', url: `/v2/search?search=${encodeURIComponent(text)}` });
          expect(response.statusCode, text).toBe(200);
          ZSearchResponseSchema.parse(response.json());
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('GET /v2/search/place', () => {
  const place = async (name: string, venue: Venue | keyof typeof CITIES) => {
    const point = venue in CITIES ? CITIES[venue as keyof typeof CITIES] : null;
    const v = VENUES[venue as Venue] as { city: keyof typeof CITIES } | undefined;
    const { lng, lat } = point ?? CITIES[v?.city ?? 'paris'];
    const response = await t.request({
      method: 'GET',
      url: `/v2/search/place?${new URLSearchParams({ name, lng: String(lng), lat: String(lat) })}`,
    });
    expect(response.statusCode).toBe(200);
    return ZMapPlaceWithEventsSchema.nullable().parse(response.json());
  };

  it('returns the place near the point where an event already took place, with its events and tracked links', async () => {
    const found = await place("l'olympia", 'paris');
    expect(found?.id).toBe(VENUES.olympia.id);
    // Upcoming first, then the past one.
    expect(found?.events.map((event) => event.id)).toEqual([catalogue.events.angele, catalogue.events.tribute]);
    for (const event of found?.events ?? []) {
      for (const source of event.sources) expect(source.link).toMatch(/^http:\/\/partner-api\.test\/r\//);
    }
    expect((await place('Olympia', 'paris'))?.id).toBe(VENUES.olympia.id);
    expect((await place('Olympai', 'paris'))?.id).toBe(VENUES.olympia.id);
  });

  it('is null when no event took place there yet, when the place is far away, or unknown', async () => {
    // Zénith de Nantes only has an upcoming event.
    expect(await place('Zénith de Nantes', 'nantes')).toBeNull();
    // L'Olympia is in Paris, not in Lyon.
    expect(await place("L'Olympia", 'lyon')).toBeNull();
    expect(await place('Salle inconnue', 'paris')).toBeNull();
  });

  it('picks the nearest of two places of the same name', async () => {
    expect((await place('Le Petit Théâtre', 'lyon'))?.id).toBe(VENUES.petitTheatreLyon.id);
    expect((await place('Le Petit Théâtre', 'paris'))?.id).toBe(VENUES.petitTheatreParis.id);
    expect((await place('petit theatre', 'lyon'))?.id).toBe(VENUES.petitTheatreLyon.id);
  });
});

describe('GET /v2/search/performer', () => {
  const performer = async (name: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/search/performer?name=${encodeURIComponent(name)}` });
    expect(response.statusCode).toBe(200);
    return ZPerformerSchema.nullable().parse(response.json());
  };

  it('returns a confidently matched performer with their events', async () => {
    const found = await performer('stromae');
    expect(found?.id).toBe(performerIds.get('Stromae')?.[0]);
    expect(found?.events.map((event) => event.id)).toEqual([catalogue.events.stromae]);
    expect((await performer('ANGELE'))?.name).toBe('Angèle');
    expect((await performer('Orchestre de Paris'))?.name).toBe('Orchestre de Paris');
    expect((await performer('Stromea'))?.name).toBe('Stromae');
    // A performer whose only event has passed still has a recorded event.
    expect((await performer('Johnny Tribute Band'))?.name).toBe('Johnny Tribute Band');
  });

  it('is null unless the identity is confidently matched and they have an event', async () => {
    expect(await performer('strom')).toBeNull(); // a prefix is not a name
    expect(await performer('Orchestre')).toBeNull(); // part of a name is not the name
    expect(await performer('Masque Mystère')).toBeNull(); // identity not confirmed
    expect(await performer('Jean Dupontel')).toBeNull(); // two performers of that name: ambiguous
    expect(await performer('Artiste Oublié')).toBeNull(); // no event
    expect(await performer('Personne Inconnue')).toBeNull();
  });
});

describe('bad input', () => {
  const BAD: string[] = [
    '/v2/search',
    '/v2/search?search=',
    '/v2/search?search=%20%20',
    '/v2/search?search=a&lng=181&lat=0',
    '/v2/search?search=a&lng=0&lat=-91',
    '/v2/search?search=a&lng=abc&lat=0',
    '/v2/search?search=a&lng=2',
    '/v2/search?search=a&limit=0',
    '/v2/search?search=a&limit=201',
    '/v2/search?search=a&limit=1.5',
    '/v2/search?search=a&type=concerts',
    '/v2/search?search=a&type=events,',
    `/v2/search?search=${'a'.repeat(201)}`,
    '/v2/search?search=a&search=b',
    '/v2/search/place?lng=2&lat=48',
    '/v2/search/place?name=x&lng=181&lat=48',
    '/v2/search/place?name=x&lat=48',
    '/v2/search/performer',
    '/v2/search/performer?name=',
    '/v2/clicks?limit=0',
    '/v2/clicks?limit=1001',
    '/v2/clicks?pageNumber=0',
    '/v2/clicks?minDate=yesterday',
    '/v2/clicks?minDate=2026-13-45',
    '/v2/performer/abc',
    '/v2/performer/0',
  ];

  it.each(BAD)('%s → 400 problem', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ZProblemSchema.parse(response.json());
    expect(problem.errors?.length ?? 0).toBeGreaterThan(0);
  });
});
