import { describe, expect, it } from 'vitest';
import { EXAMPLE_EVENT } from './examples';
import { DEFAULT_WINDOW_MS } from './events';
import { jsonPointer, statusTitle } from './problem';
import { eventVenue, venueLine } from './venue';

// The rules both programs share, each written once in lib/contract (docs/contributing.md, "Where is").

describe('eventVenue', () => {
  const partnerPlace = {
    ...EXAMPLE_EVENT.place,
    mapId: '',
    name: 'Salle des fêtes',
    address: { lng: 2.35, lat: 48.85, street: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
  };

  it('is the map place when the event has one', () => {
    expect(eventVenue({ mapPlace: EXAMPLE_EVENT.mapPlace, place: partnerPlace })).toEqual({
      id: 'ChIJHIeq4zT3TulbkEulPLXXsfZ',
      name: 'Cave à jazz des Carmes',
      lng: 7.240771,
      lat: 43.720299,
      city: 'Nice',
      address: '119 place du Marché, 06300 Nice, France',
    });
  });

  it('is the partner place and its address otherwise, with no page when the place has no map id', () => {
    const venue = eventVenue({ mapPlace: null, place: partnerPlace });
    expect(venue).toEqual({
      id: null,
      name: 'Salle des fêtes',
      lng: 2.35,
      lat: 48.85,
      city: 'Paris',
      address: '1 rue de Rivoli, 75001 Paris',
    });
    expect(venueLine(venue)).toBe('Salle des fêtes, 1 rue de Rivoli, 75001 Paris');
    expect(eventVenue({ mapPlace: null, place: { ...partnerPlace, mapId: 'ChIJ-x' } }).id).toBe('ChIJ-x');
  });

  it("takes the address's city when the map place has none, and leaves out empty parts", () => {
    const mapPlace = { ...EXAMPLE_EVENT.mapPlace!, city: null };
    expect(eventVenue({ mapPlace, place: partnerPlace }).city).toBe('Paris');
    const bare = { ...partnerPlace, address: { ...partnerPlace.address, street: '', postalCode: '', city: '' } };
    expect(eventVenue({ mapPlace: null, place: bare }).address).toBe('');
    expect(venueLine(eventVenue({ mapPlace: null, place: bare }))).toBe('Salle des fêtes');
  });
});

describe('problem parts', () => {
  it('titles a status by its reason phrase, and an unknown one by its class', () => {
    expect(statusTitle(400)).toBe('Bad Request');
    expect(statusTitle(414)).toBe('URI Too Long');
    expect(statusTitle(504)).toBe('Gateway Timeout');
    expect(statusTitle(418)).toBe('Client Error');
    expect(statusTitle(599)).toBe('Server Error');
  });

  it('escapes ~ and / in pointers as RFC 6901 says; the root is #', () => {
    expect(jsonPointer(['a/b', 'c~d', 0])).toBe('#/a~1b/c~0d/0');
    expect(jsonPointer(['locationFilter', 'circle', 'lat'])).toBe('#/locationFilter/circle/lat');
    expect(jsonPointer([])).toBe('#');
  });
});

describe('the default date window', () => {
  it('is seven days', () => {
    expect(DEFAULT_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
