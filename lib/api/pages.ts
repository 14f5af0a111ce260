import 'server-only';
import { cache } from 'react';
import { EnvError } from '@/lib/env';
import type { TEvent, TMapPlaceWithEvents, TPerformer } from '@/lib/contract';
import { adoptTokenCookie, getPartner, PartnerError, TOKEN_COOKIE_NAME, type PartnerClient } from '@/lib/partner';
import { getReadModel } from '@/lib/read-model/get-read-model';
import type { ReadModel } from '@/lib/read-model/read-model';
import { parseEventId } from './get-event';
import { parseMapPlaceId } from './get-place';
import { parsePerformerId } from './get-performer';

/**
 * What a server-rendered page gets: the record, `not-found` (unknown or malformed id → `notFound()`), or
 * `unavailable` (upstream down, slow, rate-limited or misconfigured → an error state, maybe with `retryAfter`).
 */
export type PageData<T> =
  | {
      status: 'ok';
      data: T;
      /**
       * Set when the Partner API failed and the record comes from the web app's copy of the catalogue (the read
       * model): the page says its data may be a few minutes old. `asOf` = the copy's last sync (ISO 8601), if known.
       */
      fromCopy?: { asOf: string | null };
    }
  | { status: 'not-found' }
  | { status: 'unavailable'; reason: 'timeout' | 'unreachable' | 'rate-limited' | 'error'; retryAfter?: string };

/** The sealed token cookie of the current request, when rendering inside one (a page can read, not set, cookies). */
async function requestCookie(): Promise<string | undefined> {
  try {
    const { cookies } = await import('next/headers');
    return (await cookies()).get(TOKEN_COOKIE_NAME)?.value;
  } catch {
    return undefined;
  }
}

/**
 * The record from the read model's copy, when the Partner API failed and the copy holds it: the page
 * keeps working, with a notice); a failing copy is no worse than none.
 */
function fromCopy<T>(fallback: (model: ReadModel) => T | null): PageData<T> | null {
  try {
    const readModel = getReadModel();
    const data = readModel ? fallback(readModel.model) : null;
    return data === null || readModel === null ? null : { status: 'ok', data, fromCopy: { asOf: readModel.asOf() } };
  } catch (error) {
    console.error(`[pages] copy unreadable: ${error instanceof Error ? error.message : 'error'}`);
    return null;
  }
}

async function load<T>(
  parseId: () => unknown,
  run: (client: PartnerClient) => Promise<T>,
  fallback: (model: ReadModel) => T | null,
): Promise<PageData<T>> {
  try {
    parseId();
  } catch {
    return { status: 'not-found' };
  }
  const unavailable = (result: PageData<T>): PageData<T> => fromCopy(fallback) ?? result;
  try {
    const partner = getPartner();
    await adoptTokenCookie(partner, await requestCookie());
    return { status: 'ok', data: await run(partner.client) };
  } catch (error) {
    if (error instanceof PartnerError) {
      if (error.kind === 'http' && (error.status === 404 || error.status === 410 || error.status === 400)) {
        return { status: 'not-found' };
      }
      console.error(`[pages] ${error.message}`);
      if (error.kind === 'timeout' || error.kind === 'unreachable')
        return unavailable({ status: 'unavailable', reason: error.kind });
      if (error.kind === 'http' && error.status === 429) {
        return unavailable({ status: 'unavailable', reason: 'rate-limited', retryAfter: error.details.retryAfter });
      }
      return unavailable({ status: 'unavailable', reason: 'error' });
    }
    console.error('[pages]', error instanceof EnvError ? error.message : 'unexpected error');
    return unavailable({ status: 'unavailable', reason: 'error' });
  }
}

/** One event for its page; memoized per render so `generateMetadata` and the page share one upstream call. */
export const getEventForPage = cache((id: string): Promise<PageData<TEvent>> =>
  load(
    () => parseEventId(id),
    (client) => client.getEvent(parseEventId(id)),
    (model) => model.event(parseEventId(id)),
  ),
);

/** One map place with its events, for its page (memoized per render). */
export const getPlaceForPage = cache((mapPlaceId: string): Promise<PageData<TMapPlaceWithEvents>> =>
  load(
    () => parseMapPlaceId(mapPlaceId),
    (client) => client.getMapPlace(parseMapPlaceId(mapPlaceId)),
    (model) => model.place(parseMapPlaceId(mapPlaceId)),
  ),
);

/** One performer with their events, for their page (memoized per render). */
export const getPerformerForPage = cache((id: string): Promise<PageData<TPerformer>> =>
  load(
    () => parsePerformerId(id),
    (client) => client.getPerformer(parsePerformerId(id)),
    (model) => model.performer(parsePerformerId(id)),
  ),
);
