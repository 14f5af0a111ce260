import { eventVenue, type TEvent } from '@/lib/contract';
import { haversineMeters } from '@/partner-api/geo';
import type { EventsQuery, LocationQuery } from '@/partner-api/store/events-query';

/** Epoch ms of `YYYY-MM-DD hh:mm:ss.SSS +hhmm`. */
export function parseLocalDateTime(value: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}\.\d{3}) ([+-]\d{2})(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a local date-time: ${value}`);
  return Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
}

/** An event's position: its map place, else its place's address (docs/design.md §4.4). */
export function positionOf(event: TEvent): { lng: number; lat: number } {
  const { lng, lat } = eventVenue(event);
  return { lng, lat };
}

function inLocation(event: TEvent, location: LocationQuery | null): boolean {
  if (location === null) return true;
  const { lng, lat } = positionOf(event);
  if (location.kind === 'circle') return haversineMeters(lng, lat, location.lng, location.lat) <= location.maxDistance;
  if (lat < location.minLat || lat > location.maxLat) return false;
  return location.minLng <= location.maxLng
    ? lng >= location.minLng && lng <= location.maxLng
    : lng >= location.minLng || lng <= location.maxLng;
}

function matches(event: TEvent, q: EventsQuery): boolean {
  if (parseLocalDateTime(event.startDate) > q.maxMs || parseLocalDateTime(event.endDate) < q.minMs) return false;
  if (q.categories) {
    const mains = new Set(event.categories.map((c) => c.mainCategory));
    const ok = q.categories.some((c) => (c === 'none' ? mains.size === 0 : mains.has(c)));
    if (!ok) return false;
  }
  if (q.sources && !event.sources.some((s) => q.sources!.includes(s.partner.name))) return false;
  if (q.prices) {
    const known = event.lowestPrice !== null && event.highestPrice !== null;
    if (q.prices.known === true && !known) return false;
    if (q.prices.known === false && known) return false;
    if (known && q.prices.known !== false) {
      if (q.prices.lowest !== undefined && event.highestPrice! < q.prices.lowest) return false;
      if (q.prices.highest !== undefined && event.lowestPrice! > q.prices.highest) return false;
    }
  }
  return inLocation(event, q.location);
}

type Key = number[];

function sortKey(event: TEvent, q: EventsQuery): Key {
  const price = (p: number | null): Key => (p === null ? [1, 0] : [0, p]);
  switch (q.orderBy) {
    case 'startDate':
      return [parseLocalDateTime(event.startDate)];
    case 'updatedAt':
      return [Date.parse(event.updatedAt)];
    case 'lowestPrice':
      return price(event.lowestPrice);
    case 'highestPrice':
      return price(event.highestPrice);
    case 'distance': {
      const { lng, lat } = positionOf(event);
      return [haversineMeters(lng, lat, q.distanceFrom!.lng, q.distanceFrom!.lat)];
    }
    default:
      return [parseLocalDateTime(event.endDate)];
  }
}

function compare(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Brute force over every event: the matching ids in the order of the query, all pages together. */
export function referenceOrder(events: readonly TEvent[], q: EventsQuery): number[] {
  return events
    .filter((event) => matches(event, q))
    .map((event) => ({ id: event.id, key: sortKey(event, q) }))
    .sort((a, b) => compare(a.key, b.key) || a.id - b.id)
    .map((entry) => entry.id);
}
