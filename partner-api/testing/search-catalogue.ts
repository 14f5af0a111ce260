import type { Store } from '@/partner-api/store/port';
import type { MapPlaceInput } from '@/partner-api/store/types';
import { FIXTURE_NOW_MS, makeEventInput } from './fixtures';

const DAY_MS = 24 * 3_600_000;

/** City centres of the search tests (lng, lat). */
export const CITIES = {
  paris: { lng: 2.3522, lat: 48.8566 },
  lyon: { lng: 4.8357, lat: 45.764 },
  bordeaux: { lng: -0.5792, lat: 44.8378 },
  nantes: { lng: -1.5536, lat: 47.2184 },
  lille: { lng: 3.0573, lat: 50.6292 },
  toulouse: { lng: 1.4442, lat: 43.6047 },
} as const;
type City = keyof typeof CITIES;

interface VenueSpec {
  id: string;
  name: string;
  city: City;
  /** Offset from the city centre, degrees (a venue a little off-centre). */
  offset?: number;
}

/** Venues (map places) of the search tests; two share a name in two cities. */
export const VENUES = {
  petitTheatreParis: { id: 'mp-petit-theatre-paris', name: 'Le Petit Théâtre', city: 'paris' },
  petitTheatreLyon: { id: 'mp-petit-theatre-lyon', name: 'Le Petit Théâtre', city: 'lyon' },
  theatreVille: { id: 'mp-theatre-ville', name: 'Théâtre de la Ville', city: 'paris', offset: 0.01 },
  olympia: { id: 'mp-olympia', name: "L'Olympia", city: 'paris', offset: 0.005 },
  zenith: { id: 'mp-zenith-nantes', name: 'Zénith de Nantes', city: 'nantes' },
  opera: { id: 'mp-opera-bordeaux', name: 'Opéra de Bordeaux', city: 'bordeaux' },
  boeuf: { id: 'mp-boeuf', name: 'Café-concert Le Bœuf', city: 'lille' },
  pleyel: { id: 'mp-pleyel', name: 'Salle Pleyel', city: 'paris', offset: -0.01 },
  sucre: { id: 'mp-sucre', name: 'Le Sucre', city: 'lyon', offset: 0.01 },
  garnier: { id: 'mp-garnier', name: 'Halle Tony Garnier', city: 'lyon', offset: -0.01 },
  capitole: { id: 'mp-capitole', name: 'Salle du Capitole', city: 'toulouse' },
} satisfies Record<string, VenueSpec>;
export type Venue = keyof typeof VENUES;

function mapPlace(venue: VenueSpec): MapPlaceInput {
  const centre = CITIES[venue.city];
  const offset = venue.offset ?? 0;
  return {
    id: venue.id,
    name: venue.name,
    lng: centre.lng + offset,
    lat: centre.lat + offset,
    street: '1 place de la Comédie',
    city: venue.city[0]?.toUpperCase() + venue.city.slice(1),
    postalCode: '00000',
    country: 'FR',
  };
}

interface EventSpec {
  key: string;
  name: string;
  venue: Venue;
  /** Start, in days from the fixtures' now (negative = past). */
  inDays: number;
  performers?: Array<{ name: string; identityConfirmed?: boolean }>;
  categories?: string[];
}

/** Events of the search tests, with distinctive names so that seeded noise cannot outrank them by accident. */
export const EVENTS: EventSpec[] = [
  { key: 'scapinParis', name: 'Les Fourberies de Scapin', venue: 'petitTheatreParis', inDays: 2 },
  { key: 'scapinLyon', name: 'Les Fourberies de Scapin', venue: 'petitTheatreLyon', inDays: 1 },
  { key: 'improParis', name: "Match d'improvisation", venue: 'petitTheatreParis', inDays: -3 },
  { key: 'improLyon', name: "Match d'improvisation", venue: 'petitTheatreLyon', inDays: -5 },
  { key: 'manouche', name: 'Nuit du jazz manouche', venue: 'sucre', inDays: 3 },
  { key: 'electro', name: 'Festival Électro Printanier', venue: 'garnier', inDays: 5 },
  {
    key: 'beethovenParis',
    name: 'Concert symphonique : Beethoven',
    venue: 'pleyel',
    inDays: 4,
    performers: [{ name: 'Orchestre de Paris' }],
  },
  { key: 'beethovenBordeaux', name: 'Concert symphonique : Beethoven', venue: 'opera', inDays: 1 },
  { key: 'stromae', name: 'Stromae en concert', venue: 'zenith', inDays: 6, performers: [{ name: 'Stromae' }] },
  { key: 'standup', name: 'Soirée stand-up au Café-concert Le Bœuf', venue: 'boeuf', inDays: 2 },
  { key: 'pina', name: 'Danse contemporaine : hommage à Pina Bausch', venue: 'theatreVille', inDays: 8 },
  {
    key: 'tribute',
    name: 'Hommage à Johnny : la tournée',
    venue: 'olympia',
    inDays: -10,
    performers: [{ name: 'Johnny Tribute Band' }],
  },
  {
    key: 'angele',
    name: 'Angèle — tournée Nonante-Cinq',
    venue: 'olympia',
    inDays: 7,
    performers: [{ name: 'Angèle' }],
  },
  { key: 'poterie', name: 'Atelier poterie pour enfants', venue: 'capitole', inDays: 3 },
  { key: 'ia', name: "Conférence : l'intelligence artificielle", venue: 'theatreVille', inDays: 9 },
  { key: 'brocante', name: 'Grande brocante du dimanche', venue: 'opera', inDays: 4 },
  {
    key: 'dupontLyon',
    name: 'Récital de piano romantique',
    venue: 'sucre',
    inDays: 5,
    performers: [{ name: 'Jean Dupontel' }],
  },
  {
    key: 'dupontParis',
    name: 'Récital de violoncelle baroque',
    venue: 'pleyel',
    inDays: 6,
    performers: [{ name: 'Jean Dupontel' }],
  },
  {
    key: 'mystery',
    name: 'Soirée surprise',
    venue: 'boeuf',
    inDays: 3,
    performers: [{ name: 'Masque Mystère', identityConfirmed: false }],
  },
];

/** Ids of what `createSearchCatalogue` created. */
export interface SearchCatalogue {
  events: Record<string, number>;
}

/** Creates the search tests' catalogue in `store` (dates relative to FIXTURE_NOW_MS). */
export async function createSearchCatalogue(store: Store): Promise<SearchCatalogue> {
  const events: Record<string, number> = {};
  for (const spec of EVENTS) {
    const venue: VenueSpec = VENUES[spec.venue];
    const place = mapPlace(venue);
    const startMs = FIXTURE_NOW_MS + spec.inDays * DAY_MS + 9 * 3_600_000;
    events[spec.key] = await store.catalogue.createEvent(
      makeEventInput({
        name: spec.name,
        startMs,
        endMs: startMs + 3 * 3_600_000,
        lng: place.lng,
        lat: place.lat,
        city: place.city ?? '',
        mapPlace: place,
        place: {
          name: venue.name,
          lng: place.lng,
          lat: place.lat,
          street: '1 place de la Comédie',
          city: place.city ?? '',
          postalCode: '00000',
        },
        categories: spec.categories ?? ['spectacle'],
        ...(spec.performers ? { performers: spec.performers } : {}),
      }),
    );
  }
  return { events };
}
