import { describe, expect, it } from 'vitest';
import { mapCategories } from './categories';
import {
  matchKey,
  neighbourKeys,
  sameEvent,
  sameStart,
  sameVenue,
  similarTitles,
  venueKey,
  type MatchView,
} from './match';

/** 2027-03-14 20:00 Paris (+01:00). */
const AT_20H = Date.parse('2027-03-14T20:00:00+01:00');
const MIN = 60_000;

function view(overrides: Partial<MatchView>): MatchView {
  return {
    name: 'Concert',
    startMs: AT_20H,
    venueName: 'La Cigale',
    city: 'Paris',
    lng: 2.3402,
    lat: 48.8823,
    mapPlaceId: null,
    performers: [],
    sameAs: null,
    ...overrides,
  };
}

describe('the matching rule: pairs that are one event', () => {
  it.each([
    [
      'word order and punctuation',
      'Orchestre de Paris — Mahler : Symphonie n° 5',
      'MAHLER Symphonie n°5 - Orchestre de Paris',
    ],
    ['case and accents', 'Juliette Armanet', 'JULIETTE ARMANET'],
    ['a trailing tour name', 'Ibrahim Maalouf', 'Ibrahim Maalouf – Trumpets of Michel-Ange'],
    ['a leading "concert"', 'Concert : Gaël Faye', 'Gael Faye'],
    ['a trailing venue name', 'Ben Mazué', 'Ben Mazué à La Cigale'],
    ['a leading artist name', 'Zaho de Sagazan — La symphonie des éclairs', 'La Symphonie des Éclairs'],
  ])('%s: "%s" / "%s"', (_why, a, b) => {
    expect(similarTitles(view({ name: a }), view({ name: b }))).toBe(true);
    expect(sameEvent(view({ name: a }), view({ name: b, startMs: AT_20H + 30 * MIN }))).toBe(true);
  });

  it('a performer named by one partner is the title of the other', () => {
    expect(
      similarTitles(
        view({ name: 'Orelsan', performers: [] }),
        view({ name: 'Civilisation Tour', performers: ['Orelsan'] }),
      ),
    ).toBe(true);
  });

  it('matches venues by map place, by normalized name and town, or by coordinates within 150 m', () => {
    const olympia = view({ venueName: "L'Olympia", lng: 2.3283, lat: 48.8702 });
    expect(sameVenue(olympia, view({ venueName: 'Olympia Bruno Coquatrix', lng: 2.32845, lat: 48.87015 }))).toBe(true);
    expect(sameVenue(olympia, view({ venueName: 'OLYMPIA', city: 'Paris 9e', lng: null, lat: null }))).toBe(true);
    expect(
      sameVenue(
        view({ venueName: 'Salle A', mapPlaceId: 'ChIJ1', lng: null, lat: null }),
        view({ venueName: 'Salle B', mapPlaceId: 'ChIJ1', lng: null, lat: null }),
      ),
    ).toBe(true);
    expect(venueKey('Le Trianon', 'Paris 18e')).toBe(venueKey('TRIANON (le)', 'Paris'));
  });
});

describe('candidates', () => {
  it("a record within the tolerance and 150 m is found under a new record's neighbour keys, across cell edges", () => {
    // 2.34999 and 2.35101 lie in two cells; 20:59 and 21:30 in two hours.
    const stored = matchKey(AT_20H + 59 * MIN, 2.34999, 48.88);
    expect(neighbourKeys(AT_20H + 90 * MIN, 2.35101, 48.8801)).toContain(stored);
    expect(neighbourKeys(AT_20H + 4 * 60 * MIN, 2.35101, 48.8801)).not.toContain(stored);
  });
});

describe('the matching rule: near-misses that stay two events', () => {
  it('two shows at the same venue the same night at different times', () => {
    const early = view({ name: 'Gad Elmaleh', startMs: AT_20H - 120 * MIN });
    const late = view({ name: 'Gad Elmaleh', startMs: AT_20H });
    expect(sameStart(early, late)).toBe(false);
    expect(sameEvent(early, late)).toBe(false);
  });

  it('a start 46 minutes apart is past the tolerance; 45 is within', () => {
    expect(sameStart(view({}), view({ startMs: AT_20H + 46 * MIN }))).toBe(false);
    expect(sameStart(view({}), view({ startMs: AT_20H + 45 * MIN }))).toBe(true);
  });

  it('the same artist the same night in two venues of one town', () => {
    const cigale = view({ name: 'Feu! Chatterton' });
    const trianon = view({ name: 'Feu! Chatterton', venueName: 'Le Trianon', lng: 2.3436, lat: 48.8835 });
    expect(sameVenue(cigale, trianon)).toBe(false);
    expect(sameEvent(cigale, trianon)).toBe(false);
  });

  it('venues 200 m apart with other names', () => {
    const philharmonie = view({ venueName: 'Philharmonie de Paris', lng: 2.3937, lat: 48.8919 });
    const zenith = view({ venueName: 'Zénith Paris - La Villette', lng: 2.3932, lat: 48.8938 });
    expect(sameVenue(philharmonie, zenith)).toBe(false);
  });

  it('different shows at the same venue and time (two rooms)', () => {
    expect(similarTitles(view({ name: 'Le Malade imaginaire' }), view({ name: 'Cyrano de Bergerac' }))).toBe(false);
    expect(similarTitles(view({ name: 'Jazz Quartet Live' }), view({ name: 'Rock Quartet Live' }))).toBe(false);
  });

  it('the same town name in two towns (Saint-Denis) is not the same venue', () => {
    expect(venueKey('Salle des fêtes', 'Saint-Denis')).not.toBe(venueKey('Salle des fêtes', 'Saint-Denis-de-Pile'));
  });
});

describe('the matching rule: records that name their event (sameAs)', () => {
  it('the same sameAs is one event whatever the rule says; two values are two events however alike', () => {
    const festival = view({ name: 'Festival', sameAs: 'https://festival.example/2027' });
    expect(
      sameEvent(festival, view({ name: 'Autre chose', startMs: AT_20H + 300 * MIN, sameAs: festival.sameAs })),
    ).toBe(true);
    expect(sameEvent(view({ sameAs: 'urn:a' }), view({ sameAs: 'urn:b' }))).toBe(false);
    // One side without: the rule decides.
    expect(sameEvent(view({ name: 'Orelsan', sameAs: 'urn:a' }), view({ name: 'Orelsan' }))).toBe(true);
    expect(sameEvent(view({ name: 'Orelsan', sameAs: 'urn:a' }), view({ name: 'Autre chose' }))).toBe(false);
  });
});

describe('categories', () => {
  it('maps schema.org types, spec keys, iCalendar CATEGORIES and free text in French and English', () => {
    expect(mapCategories(['MusicEvent'])).toEqual(['musique']);
    expect(mapCategories(['https://schema.org/TheaterEvent'])).toEqual(['spectacle/theatre']);
    expect(mapCategories(['musique/jazz', 'Jazz'])).toEqual(['musique/jazz']);
    expect(mapCategories(['Visite guidée', 'Patrimoine'])).toEqual(['visite/visite-guidee', 'visite/patrimoine']);
    expect(mapCategories(['Stand-up comedy night'])).toEqual(['spectacle/humour']);
    expect(mapCategories(['Musique classique'])).toEqual(['musique/classique']);
    expect(mapCategories(['Exposition de peinture'])).toEqual(['expo']);
    expect(mapCategories(['Kids'])).toEqual(['enfants']);
  });

  it('drops what fits nothing (the event is then `none`)', () => {
    expect(mapCategories(['Divers', 'Other', 'Event'])).toEqual([]);
  });
});

describe('the NDJSON format documentation', () => {
  it('docs/source-record.schema.json is generated from the zod schema (npx tsx scripts/write-ingest-schema.ts …)', async () => {
    const { readFileSync } = await import('node:fs');
    const { sourceRecordJsonSchema } = await import('@/scripts/write-ingest-schema');
    const committed = JSON.parse(
      readFileSync(new URL('../../docs/source-record.schema.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(committed).toEqual(sourceRecordJsonSchema());
  });
});
