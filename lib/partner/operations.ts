import 'server-only';
import type { z } from 'zod';
import {
  ZClicksResponseSchema,
  ZEventSchema,
  ZGetCatalogueResponseSchema,
  ZGetEventsResponseSchema,
  ZMapPlaceWithEventsSchema,
  ZPerformerSchema,
  ZSearchResponseSchema,
  type TClicksQuery,
  type TGetCatalogueRequest,
  type TGetEventsRequest,
  type TPerformerSearchQuery,
  type TPlaceSearchQuery,
  type TSearchType,
} from '@/lib/contract';

/** One Partner API call: where it goes and what a success looks like. */
export interface PartnerOperation<TSchema extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path below the base URL, path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The contract schema of a successful body. */
  schema: TSchema;
}

/** Query of `GET /v2/search` as the client takes it (`search` is the text). */
export interface SearchInput {
  search: string;
  lng?: number;
  lat?: number;
  type?: TSearchType[];
  limit?: number;
}

function op<TSchema extends z.ZodType>(operation: PartnerOperation<TSchema>): PartnerOperation<TSchema> {
  return operation;
}

/** Every data endpoint of the spec; query names as fixed in docs/design.md §4 where the spec does not show them. */
export const partnerOperations = {
  getEvents: (body: TGetEventsRequest = {}) =>
    op({ method: 'POST', path: '/v2/get/events', body, schema: ZGetEventsResponseSchema }),
  getCatalogue: (body: TGetCatalogueRequest = {}) =>
    op({ method: 'POST', path: '/v2/get/catalogue', body, schema: ZGetCatalogueResponseSchema }),
  getEvent: (eventId: number) => op({ method: 'GET', path: `/v2/event/${eventId}`, schema: ZEventSchema }),
  getMapPlace: (mapPlaceId: string) =>
    op({ method: 'GET', path: `/v2/g-place/${encodeURIComponent(mapPlaceId)}`, schema: ZMapPlaceWithEventsSchema }),
  getPerformer: (performerId: number) =>
    op({ method: 'GET', path: `/v2/performer/${performerId}`, schema: ZPerformerSchema }),
  searchPlace: (query: TPlaceSearchQuery) =>
    op({ method: 'GET', path: '/v2/search/place', query: { ...query }, schema: ZMapPlaceWithEventsSchema.nullable() }),
  searchPerformer: (query: TPerformerSearchQuery) =>
    op({ method: 'GET', path: '/v2/search/performer', query: { ...query }, schema: ZPerformerSchema.nullable() }),
  search: (input: SearchInput) =>
    op({
      method: 'GET',
      path: '/v2/search',
      query: { search: input.search, lng: input.lng, lat: input.lat, type: input.type?.join(','), limit: input.limit },
      schema: ZSearchResponseSchema,
    }),
  getClicks: (query: Partial<TClicksQuery> = {}) =>
    op({ method: 'GET', path: '/v2/clicks', query: { ...query }, schema: ZClicksResponseSchema }),
} as const;
