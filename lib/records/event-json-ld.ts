import type { TEvent } from '@/lib/contract';
import { parseLocalDateTime, toIsoWithOffset } from '@/lib/i18n/local-date';
import { summary } from './description';
import { primaryState } from './event-status';

type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org/';

/** Where the event takes place, as a schema.org `Place` (enriched map place first, else the partner's place). */
export function placeJsonLd(event: TEvent): JsonLd {
  const mp = event.mapPlace;
  const a = event.place.address;
  return {
    '@type': 'Place',
    name: mp?.name ?? event.place.name,
    address: {
      '@type': 'PostalAddress',
      // The enriched place wins as a whole: mixing its name with the partner's street could describe two places.
      ...(mp
        ? {
            streetAddress: mp.street ?? mp.address,
            addressLocality: mp.city ?? undefined,
            postalCode: mp.postalCode === null ? undefined : String(mp.postalCode),
            addressCountry: mp.country ?? undefined,
          }
        : { streetAddress: a.street, addressLocality: a.city, postalCode: a.postalCode, addressCountry: a.country }),
    },
    geo: { '@type': 'GeoCoordinates', latitude: mp?.lat ?? a.lat, longitude: mp?.lng ?? a.lng },
  };
}

/**
 * schema.org `Event` for search engines. Offers point at the event page, not at the tracked Book links: a crawler
 * following those would record clicks (and commissions) nobody made.
 */
export function eventJsonLd(event: TEvent, pageUrl: string, now: number): JsonLd {
  const start = parseLocalDateTime(event.startDate);
  const end = parseLocalDateTime(event.endDate);
  const state = primaryState(event, now);
  const prices = event.sources.flatMap((s) => [s.lowestPrice, s.highestPrice]).filter((p): p is number => p !== null);
  if (event.lowestPrice !== null) prices.push(event.lowestPrice);
  if (event.highestPrice !== null) prices.push(event.highestPrice);
  const image = event.image ?? event.webImage ?? event.rectangleImage ?? event.squareImage;
  const doc: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    url: pageUrl,
    startDate: start ? toIsoWithOffset(start) : event.startDate,
    endDate: end ? toIsoWithOffset(end) : event.endDate,
    eventStatus: `${SCHEMA}${state === 'cancelled' ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: placeJsonLd(event),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'EUR',
      ...(prices.length > 0 ? { lowPrice: Math.min(...prices), highPrice: Math.max(...prices) } : {}),
      offerCount: Math.max(event.sources.length, 1),
      availability: `${SCHEMA}${state === 'cancelled' || state === 'sold-out' ? 'SoldOut' : 'InStock'}`,
      url: pageUrl,
      offers: event.sources.map((s) => ({
        '@type': 'Offer',
        priceCurrency: 'EUR',
        ...(s.lowestPrice !== null ? { price: s.lowestPrice } : {}),
        availability: `${SCHEMA}${s.notAvailableAt || !s.isBookable ? 'SoldOut' : 'InStock'}`,
        seller: { '@type': 'Organization', name: s.partner.name },
        url: pageUrl,
      })),
    },
  };
  if (event.description) doc.description = summary(event.description, 300);
  // Served through the app, images are paths: crawlers need them absolute.
  if (image) doc.image = [new URL(image, pageUrl).toString()];
  if (event.performers.length > 0) {
    doc.performer = event.performers.map((p) => ({ '@type': 'PerformingGroup', name: p.name }));
  }
  if (event.totalGrades > 0) {
    doc.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: event.averageGrade,
      ratingCount: event.totalGrades,
      bestRating: 5,
      worstRating: 0,
    };
  }
  return doc;
}

/** Serializes JSON-LD for a `<script>` element: `<` is escaped so no upstream text can close the script. */
export function serializeJsonLd(doc: JsonLd): string {
  return JSON.stringify(doc)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
