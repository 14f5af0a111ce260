import 'server-only';
import type { z } from 'zod';
import {
  OPERATIONS,
  type TClicksQuery,
  type TGetCatalogueRequest,
  type TGetEventsRequest,
  type TPerformerSearchQuery,
  type TPlaceSearchQuery,
  type TSearchType,
} from '@/lib/contract';

/** One Partner API call: where it goes and what a success looks like. */
export interface PartnerOperation<TSchema extends z.ZodType = z.ZodType> {
  /** The contract's operation name (`getEvents`): a bounded metric label, unlike the path. */
  name?: string;
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

type Table = typeof OPERATIONS;

/** A path template of the table with its parameters filled in (each percent-encoded). */
function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}

/** An operation of the contract's table, with this call's parameters, query and body. */
function call<N extends keyof Table, TSchema extends z.ZodType>(
  name: N,
  schema: TSchema,
  input: { params?: Record<string, string | number>; query?: PartnerOperation['query']; body?: unknown } = {},
): PartnerOperation<TSchema> {
  const operation = OPERATIONS[name];
  return {
    name,
    method: operation.method,
    path: fillPath(operation.path, input.params),
    schema,
    ...(input.query ? { query: input.query } : {}),
    ...(input.body === undefined ? {} : { body: input.body }),
  };
}

/**
 * Every data endpoint of the spec. Method, path and success schema come from the contract's operations table, the
 * one the service registers its routes from and the OpenAPI document is generated from.
 */
export const partnerOperations = {
  getEvents: (body: TGetEventsRequest = {}) => call('getEvents', OPERATIONS.getEvents.success.schema, { body }),
  getCatalogue: (body: TGetCatalogueRequest = {}) =>
    call('getCatalogue', OPERATIONS.getCatalogue.success.schema, { body }),
  getEvent: (eventId: number) => call('getEvent', OPERATIONS.getEvent.success.schema, { params: { eventId } }),
  getMapPlace: (mapPlaceId: string) =>
    call('getMapPlace', OPERATIONS.getMapPlace.success.schema, { params: { mapPlaceId } }),
  getPerformer: (performerId: number) =>
    call('getPerformer', OPERATIONS.getPerformer.success.schema, { params: { performerId } }),
  searchPlace: (query: TPlaceSearchQuery) =>
    call('searchPlace', OPERATIONS.searchPlace.success.schema.nullable(), { query: { ...query } }),
  searchPerformer: (query: TPerformerSearchQuery) =>
    call('searchPerformer', OPERATIONS.searchPerformer.success.schema.nullable(), { query: { ...query } }),
  search: (input: SearchInput) =>
    call('search', OPERATIONS.search.success.schema, {
      query: { search: input.search, lng: input.lng, lat: input.lat, type: input.type?.join(','), limit: input.limit },
    }),
  getClicks: (query: Partial<TClicksQuery> = {}) =>
    call('getClicks', OPERATIONS.getClicks.success.schema, { query: { ...query } }),
} as const;
