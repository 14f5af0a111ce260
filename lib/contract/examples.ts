import type { TGetCatalogueResponse, TGetEventsResponse } from './events';
import type { TLoginResponse } from './login';
import type { TClicksResponse, TSearchResponse } from './search';
import type { TEvent, TMapPlaceWithEvents, TPerformer } from './records';

/*
 * Examples of every wire shape, for the OpenAPI document (every media type carries one; the linters check them
 * against their schemas) and for readers of the reference page. Taken from the demo seed's serializer output.
 */

export const EXAMPLE_EVENT: TEvent = {
  id: 32,
  serviceId: 500032,
  serviceLink: 'https://partner-api.example.com/e/500032',
  name: 'Concert : Les Voyageurs',
  startDate: '2026-06-15 19:30:00.000 +0200',
  endDate: '2026-06-15 22:30:00.000 +0200',
  hasEndDateNotReliable: false,
  lowestPrice: 35,
  highestPrice: 40,
  description: 'Une expérience originale, accessible à tous. Tenue confortable recommandée.',
  hasGoodDeal: false,
  image: 'https://partner-api.example.com/images/event/32-main.svg',
  imageHeight: 800,
  imageWidth: 1200,
  squareImage: 'https://partner-api.example.com/images/event/32-square.svg',
  rectangleImage: 'https://partner-api.example.com/images/event/32-rectangle.svg',
  webImage: 'https://partner-api.example.com/images/event/32-web.svg',
  notAvailableAt: null,
  cancelledAt: null,
  createdAt: '2026-05-01T02:45:22.707Z',
  updatedAt: '2026-06-15T09:59:32.084Z',
  mapPlace: {
    id: 'ChIJHIeq4zT3TulbkEulPLXXsfZ',
    name: 'Cave à jazz des Carmes',
    address: '119 place du Marché, 06300 Nice, France',
    lng: 7.240771,
    lat: 43.720299,
    averageGrade: 4.4,
    totalGrades: 3865,
    street: '119 place du Marché',
    city: 'Nice',
    postalCode: '06300',
    country: 'FR',
    photoRef: 'photo-ChIJR9twiP9JGQNgb5ZNrrQVoxn',
    website: 'https://www.cave-a-jazz-des-carmes-nice.example.fr',
    editorialSummary: 'Cave à jazz emblématique de Nice.',
    periods: [
      {
        open: {
          day: 2,
          time: '1900',
        },
        close: {
          day: 3,
          time: '0100',
        },
      },
    ],
  },
  place: {
    id: 56,
    mapId: 'ChIJHIeq4zT3TulbkEulPLXXsfZ',
    name: 'Cave à jazz des Carmes',
    address: {
      lng: 7.240771,
      lat: 43.720299,
      street: '119 place du Marché',
      city: 'Nice',
      postalCode: '06300',
      country: 'FR',
    },
    image: 'https://partner-api.example.com/images/place/56-main.svg',
    squareImage: 'https://partner-api.example.com/images/place/56-square.svg',
    rectangleImage: 'https://partner-api.example.com/images/place/56-rectangle.svg',
    averageGrade: 3.5,
    totalGrades: 580,
  },
  sources: [
    {
      id: 54,
      partner: {
        name: 'Guichet Lumière',
        logo: 'https://partner-api.example.com/images/partner/3-logo.svg',
        backColor: '#ca8a04',
      },
      startDate: '2026-06-15 19:30:00.000 +0200',
      endDate: '2026-06-15 22:30:00.000 +0200',
      lowestPrice: 35,
      highestPrice: 40,
      isGoodDeal: false,
      commissionFix: 1,
      commissionPerTicket: 0,
      commissionPerCart: 0.3,
      commissionRate: 0.05,
      link: 'https://partner-api.example.com/r/NTQuZGVtbw.FkANwb3w3FE505KpFVtZfQ',
      isBookable: true,
      availableDates: [
        {
          startDate: '2026-06-15 19:30:00.000 +0200',
          endDate: '2026-06-15 22:30:00.000 +0200',
          hasEndDateNotReliable: false,
          hasUnknownAvailability: false,
        },
      ],
      averageGrade: 0,
      totalGrades: 237,
      cantRetrieveAvailableDates: false,
      notAvailableAt: null,
    },
  ],
  categories: [
    {
      id: 12,
      mainCategory: 'musique',
      subCategory: null,
      traductionFR: 'Musique',
      traductionEN: 'Music',
      icon: '🎵',
    },
  ],
  averageGrade: 0,
  totalGrades: 0,
  trendingScore: 57.1,
  commentaries: [],
  performers: [
    {
      id: 28,
      name: 'Les Voyageurs',
      description: 'Formation acclamée par la critique.',
      image: '',
      webImage: '',
    },
  ],
};

export const EXAMPLE_MAP_PLACE: TMapPlaceWithEvents = { ...EXAMPLE_EVENT.mapPlace!, events: [EXAMPLE_EVENT] };

export const EXAMPLE_PERFORMER: TPerformer = {
  id: EXAMPLE_EVENT.performers[0]!.id,
  name: EXAMPLE_EVENT.performers[0]!.name,
  image: EXAMPLE_EVENT.performers[0]!.image,
  squareImage: EXAMPLE_EVENT.performers[0]!.image.replace('-main.svg', '-square.svg'),
  rectangleImage: EXAMPLE_EVENT.performers[0]!.image.replace('-main.svg', '-rectangle.svg'),
  webImage: EXAMPLE_EVENT.performers[0]!.webImage,
  events: [EXAMPLE_EVENT],
};

const EXAMPLE_PAGINATION = {
  totalItems: 1,
  totalPages: 1,
  perPage: 100,
  currentPage: 1,
  nextPageParams: null,
  previousPageParams: null,
};

export const EXAMPLE_GET_EVENTS_RESPONSE: TGetEventsResponse = {
  data: [EXAMPLE_EVENT],
  pagination: EXAMPLE_PAGINATION,
};

export const EXAMPLE_GET_CATALOGUE_RESPONSE: TGetCatalogueResponse = {
  data: {
    events: [EXAMPLE_EVENT],
    eventIdsCancelled: [12],
    eventIdsNotAvailable: [],
    eventIdsPassed: [7, 9],
    eventIdsDeleted: [3],
  },
  pagination: EXAMPLE_PAGINATION,
};

export const EXAMPLE_SEARCH_RESPONSE: TSearchResponse = [
  {
    event: {
      id: EXAMPLE_EVENT.id,
      serviceId: EXAMPLE_EVENT.serviceId,
      name: EXAMPLE_EVENT.name,
      startDate: EXAMPLE_EVENT.startDate,
      endDate: EXAMPLE_EVENT.endDate,
      hasEndDateNotReliable: EXAMPLE_EVENT.hasEndDateNotReliable,
      lowestPrice: EXAMPLE_EVENT.lowestPrice,
      highestPrice: EXAMPLE_EVENT.highestPrice,
      description: EXAMPLE_EVENT.description,
      image: EXAMPLE_EVENT.image,
      squareImage: EXAMPLE_EVENT.squareImage,
      rectangleImage: EXAMPLE_EVENT.rectangleImage,
      place: { id: EXAMPLE_EVENT.place.id, name: EXAMPLE_EVENT.place.name, address: EXAMPLE_EVENT.place.address },
      averageGrade: EXAMPLE_EVENT.averageGrade,
      totalGrades: EXAMPLE_EVENT.totalGrades,
      categories: EXAMPLE_EVENT.categories.map((category) => ({
        id: category.id,
        name: category.subCategory ?? category.mainCategory,
        mainCategory: category.mainCategory,
        traductionFR: category.traductionFR,
        traductionEN: category.traductionEN,
        icon: category.icon,
      })),
      score: 1,
    },
  },
  {
    place: {
      id: EXAMPLE_MAP_PLACE.id,
      name: EXAMPLE_MAP_PLACE.name,
      address: EXAMPLE_MAP_PLACE.address,
      city: EXAMPLE_MAP_PLACE.city,
      lng: EXAMPLE_MAP_PLACE.lng,
      lat: EXAMPLE_MAP_PLACE.lat,
      averageGrade: EXAMPLE_MAP_PLACE.averageGrade,
      totalGrades: EXAMPLE_MAP_PLACE.totalGrades,
      score: 0.72,
    },
  },
  {
    performer: {
      id: EXAMPLE_PERFORMER.id,
      name: EXAMPLE_PERFORMER.name,
      image: EXAMPLE_PERFORMER.image,
      webImage: EXAMPLE_PERFORMER.webImage,
      score: 0.65,
    },
  },
];

export const EXAMPLE_CLICKS_RESPONSE: TClicksResponse = {
  data: [
    {
      createdAt: '2026-06-15T10:00:00.000Z',
      link: EXAMPLE_EVENT.sources[0]!.link,
      linkId: EXAMPLE_EVENT.sources[0]!.id,
      eventId: EXAMPLE_EVENT.id,
      eventName: EXAMPLE_EVENT.name,
      source: EXAMPLE_EVENT.sources[0]!.partner.name,
      commission: 3.05,
    },
  ],
  pagination: EXAMPLE_PAGINATION,
};

export const EXAMPLE_LOGIN_RESPONSE: TLoginResponse = {
  accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl',
  expiresIn: 3600,
  tokenType: 'Bearer',
  refreshToken: 'ZGVtby1yZWZyZXNoLXRva2Vu.0123456789abcdef',
};
