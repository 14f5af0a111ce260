import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import type { Metadata } from 'next';
import { getEnv } from '@/lib/env';
import { getEventForPage, getPerformerForPage, getPlaceForPage, type PageData } from '@/lib/api/pages';
import { eventVenue, type TEvent, type TMapPlaceWithEvents, type TPerformer } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getFormatters } from '@/lib/i18n/format';
import { getLocale } from '@/lib/i18n/get-locale';
import { parseLocalDateTime } from '@/lib/i18n/local-date';
import { summary } from './description';
import { performerDescription } from './performer';
import { missingRecordMetadata, recordMetadata } from './page-metadata';
import { PageUnavailableError } from './page-unavailable';
import { getSiteOrigin } from './site-url';

/** Everything a record page renders from: the record, the visitor's locale, its canonical URL and the time. */
export interface RecordModel<T> {
  kind: 'ok';
  data: T;
  locale: Locale;
  origin: string;
  path: string;
  pageUrl: string;
  now: number;
  /** The operator's map style (MAP_STYLE_URL), else undefined for the offline basemap. */
  mapStyleUrl: string | undefined;
  /** The directions link template (DIRECTIONS_URL), null when turned off. */
  directionsUrl: string | null;
  /**
   * Set when the Partner API failed and the record is the web app's copy of the catalogue: the page shows a notice
   * that it may be a few minutes old (`asOf` = the copy's last sync, ISO 8601, if known).
   */
  fromCopy: { asOf: string | null } | null;
}

async function model<T>(result: PageData<T>, path: string): Promise<RecordModel<T> | { kind: 'not-found' }> {
  if (result.status === 'not-found') return { kind: 'not-found' };
  if (result.status === 'unavailable') throw new PageUnavailableError(result.reason);
  const [locale, origin] = await Promise.all([getLocale(), getSiteOrigin()]);
  return {
    kind: 'ok',
    data: result.data,
    locale,
    origin,
    path,
    pageUrl: new URL(path, origin).toString(),
    now: serverNow(),
    mapStyleUrl: getEnv().mapStyleUrl,
    directionsUrl: getEnv().directionsUrl,
    fromCopy: result.fromCopy ?? null,
  };
}

/** The event page's model; `not-found` for unknown ids; throws {@link PageUnavailableError} when upstream is down. */
export async function loadEvent(id: string): Promise<RecordModel<TEvent> | { kind: 'not-found' }> {
  return model(await getEventForPage(id), `/events/${encodeURIComponent(id)}`);
}

/** The place page's model (see {@link loadEvent}). */
export async function loadPlace(mapPlaceId: string): Promise<RecordModel<TMapPlaceWithEvents> | { kind: 'not-found' }> {
  return model(await getPlaceForPage(mapPlaceId), `/places/${encodeURIComponent(mapPlaceId)}`);
}

/** The performer page's model (see {@link loadEvent}). */
export async function loadPerformer(id: string): Promise<RecordModel<TPerformer> | { kind: 'not-found' }> {
  return model(await getPerformerForPage(id), `/performers/${encodeURIComponent(id)}`);
}

/** Metadata of a record page, or a non-indexed title when it is missing or upstream is down. */
async function metadataOf<T>(
  load: () => Promise<RecordModel<T> | { kind: 'not-found' }>,
  build: (m: RecordModel<T>) => Metadata,
): Promise<Metadata> {
  const messages = getMessages(await getLocale());
  try {
    const m = await load();
    return m.kind === 'ok' ? build(m) : missingRecordMetadata(messages.notFound.title, 'not-found');
  } catch (error) {
    if (error instanceof PageUnavailableError) return missingRecordMetadata(messages.unavailable.title, 'unavailable');
    throw error;
  }
}

/** `generateMetadata` of the event page. */
export function eventMetadata(id: string): Promise<Metadata> {
  return metadataOf(
    () => loadEvent(id),
    (m) => {
      const event = m.data;
      const format = getFormatters(m.locale);
      const start = parseLocalDateTime(event.startDate);
      const place = eventVenue(event).name;
      const lead = [start ? format.date(start) : '', place].filter(Boolean).join(' · ');
      const image = event.image ?? event.webImage;
      return recordMetadata({
        locale: m.locale,
        origin: m.origin,
        path: m.path,
        title: event.name,
        description: summary([lead, event.description].filter(Boolean).join(' — ')),
        image: image
          ? { url: image, width: event.image ? event.imageWidth : null, height: event.image ? event.imageHeight : null }
          : null,
      });
    },
  );
}

/** `generateMetadata` of the place page. */
export function placeMetadata(mapPlaceId: string): Promise<Metadata> {
  return metadataOf(
    () => loadPlace(mapPlaceId),
    (m) =>
      recordMetadata({
        locale: m.locale,
        origin: m.origin,
        path: m.path,
        title: m.data.name,
        description: summary(
          m.data.editorialSummary ?? getMessages(m.locale).meta.placeDescription(m.data.name, m.data.city ?? ''),
        ),
        image: m.data.events.find((e) => e.image)?.image ? { url: m.data.events.find((e) => e.image)!.image! } : null,
      }),
  );
}

/** `generateMetadata` of the performer page. */
export function performerMetadata(id: string): Promise<Metadata> {
  return metadataOf(
    () => loadPerformer(id),
    (m) => {
      const image = m.data.rectangleImage ?? m.data.image ?? m.data.webImage;
      return recordMetadata({
        locale: m.locale,
        origin: m.origin,
        path: m.path,
        title: m.data.name,
        description: summary(
          performerDescription(m.data) || getMessages(m.locale).meta.performerDescription(m.data.name),
        ),
        image: image ? { url: image } : null,
        type: 'profile',
      });
    },
  );
}
