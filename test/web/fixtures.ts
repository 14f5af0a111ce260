import 'server-only';
import type { TEvent, TMapPlaceWithEvents, TPerformer } from '@/lib/contract';

/** A contract-valid event, for fake upstreams and tests. */
export function fakeEvent(id: number, overrides: Partial<TEvent> = {}): TEvent {
  return {
    id,
    serviceId: 1000 + id,
    serviceLink: `https://service.example/e/${id}`,
    name: `Event ${id}`,
    startDate: '2026-11-22 20:30:00.000 +0100',
    endDate: '2026-11-22 23:00:00.000 +0100',
    hasEndDateNotReliable: false,
    lowestPrice: 10,
    highestPrice: 25,
    description: 'A fake event',
    hasGoodDeal: false,
    image: null,
    imageHeight: null,
    imageWidth: null,
    squareImage: null,
    rectangleImage: null,
    webImage: null,
    notAvailableAt: null,
    cancelledAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    mapPlace: null,
    place: {
      id: 7,
      mapId: 'place-7',
      name: 'Salle Sept',
      address: { lng: 2.35, lat: 48.85, street: '7 rue X', city: 'Paris', postalCode: '75001', country: 'FR' },
      image: '',
      squareImage: '',
      rectangleImage: '',
      averageGrade: 4,
      totalGrades: 3,
    },
    sources: [],
    categories: [],
    commentaries: [],
    averageGrade: 0,
    totalGrades: 0,
    trendingScore: 0,
    performers: [],
    ...overrides,
  };
}

/** A contract-valid map place with one event. */
export function fakeMapPlace(id: string): TMapPlaceWithEvents {
  return {
    id,
    name: `Place ${id}`,
    address: '1 place X, Paris',
    lng: 2.35,
    lat: 48.85,
    averageGrade: null,
    totalGrades: null,
    street: null,
    city: 'Paris',
    postalCode: '75001',
    country: 'FR',
    photoRef: null,
    website: null,
    editorialSummary: null,
    periods: [{ open: { day: 1, time: '0900' }, close: { day: 1, time: '1800' } }],
    events: [fakeEvent(1)],
  };
}

/** A contract-valid performer with one event. */
export function fakePerformer(id: number): TPerformer {
  return {
    id,
    name: `Performer ${id}`,
    image: null,
    squareImage: null,
    rectangleImage: null,
    webImage: null,
    events: [fakeEvent(1)],
  };
}
