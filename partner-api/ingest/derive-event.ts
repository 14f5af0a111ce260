import { foldText } from '@/partner-api/search/normalize';
import type { IngestEventInput } from '@/partner-api/store/ingest/types';
import type { MapPlaceInput } from '@/partner-api/store/types';
import type { ResolvedSource } from './resolve';
import { venueKeyOf } from './resolve';

/**
 * An event as its sources make it (docs/ingestion.md "Derived values"): the first source to arrive names it and gives
 * its venue; dates span the sources still on; prices and good deal derive from the sources (the store applies
 * derivePrices); categories and performers are the union. Every source cancelled → cancelled; every source still on
 * sold out → not available. A cancelled source leaves the event's sources while another is still on.
 */
export function eventInputOf(rows: readonly ResolvedSource[], mapPlace: MapPlaceInput | null = null): IngestEventInput {
  const primary = rows[0];
  if (!primary) throw new Error('an event needs at least one source');
  const active = rows.filter((r) => r.record.status !== 'cancelled');
  const shown = active.length > 0 ? active : rows;
  const cancelled = active.length === 0;
  const soldOut = !cancelled && active.every((r) => r.record.status === 'soldOut');
  const description = primary.record.description ?? rows.find((r) => r.record.description)?.record.description ?? '';
  const categories: string[] = [];
  const performers = new Map<string, string>();
  for (const row of rows) {
    for (const key of row.categories) if (!categories.includes(key)) categories.push(key);
    for (const name of row.record.performers ?? []) {
      const key = foldText(name).replace(/\s+/g, ' ').trim();
      if (!performers.has(key)) performers.set(key, name);
    }
  }
  const venue = primary.record.venue;
  return {
    name: primary.record.name,
    description,
    startMs: Math.min(...shown.map((r) => r.startMs)),
    endMs: Math.max(...shown.map((r) => r.endMs)),
    hasEndDateNotReliable: shown.every((r) => r.dates.every((d) => d.endUnknown)),
    place: {
      venueKey: venueKeyOf(primary),
      name: venue.name,
      lng: primary.lng,
      lat: primary.lat,
      street: venue.street ?? '',
      city: venue.city,
      postalCode: venue.postalCode ?? '',
      country: venue.country ?? 'FR',
      timeZone: primary.zone,
    },
    mapPlace,
    categories,
    performers: [...performers.values()],
    sources: shown.map((r) => ({
      partner: r.partner,
      startMs: r.startMs,
      endMs: r.endMs,
      lowestPrice: r.record.lowestPrice ?? null,
      highestPrice: r.record.highestPrice ?? null,
      isGoodDeal: r.record.isGoodDeal ?? false,
      commissionFix: r.commission.fix,
      commissionPerTicket: r.commission.perTicket,
      commissionPerCart: r.commission.perCart,
      commissionRate: r.commission.rate,
      link: r.record.link,
      isBookable: r.record.status === undefined || r.record.status === 'scheduled',
      availableDates: r.dates.map((d) => ({ startMs: d.startMs, endMs: d.endMs, hasEndDateNotReliable: d.endUnknown })),
      soldOut: r.record.status === 'soldOut',
    })),
    cancelled,
    soldOut,
  };
}
