import { DEFAULT_WINDOW_MS, type TEvent, type TSearchItem } from '@/lib/contract';
import { isLiveAt, wireInstant } from './card-format';
import { dateWindow } from './dates';
import type { Filters } from './state';

type TSearchEvent = Extract<TSearchItem, { event: unknown }>['event'];

/**
 * An event of the combined search in the full event shape the list and the map draw. The search item carries the
 * fields a card shows (name, dates, prices, place with its address, categories, images); the rest are neutral:
 * no map place (the address positions it), no sources, not cancelled — the event's page has the whole record.
 */
export function searchEventToEvent(e: TSearchEvent): TEvent {
  const address = e.place?.address;
  return {
    id: e.id,
    serviceId: e.serviceId,
    serviceLink: '',
    name: e.name,
    startDate: e.startDate,
    endDate: e.endDate,
    hasEndDateNotReliable: e.hasEndDateNotReliable,
    lowestPrice: e.lowestPrice,
    highestPrice: e.highestPrice,
    description: e.description,
    hasGoodDeal: false,
    image: e.image,
    imageHeight: null,
    imageWidth: null,
    squareImage: e.squareImage,
    rectangleImage: e.rectangleImage,
    webImage: null,
    notAvailableAt: null,
    cancelledAt: null,
    createdAt: '',
    updatedAt: '',
    mapPlace: null,
    place: {
      id: e.place?.id ?? 0,
      mapId: '',
      name: e.place?.name ?? '',
      address,
      image: '',
      squareImage: '',
      rectangleImage: '',
      averageGrade: 0,
      totalGrades: 0,
    },
    sources: [],
    categories: (e.categories ?? []).map((c) => ({
      id: c.id,
      mainCategory: c.mainCategory,
      subCategory: c.name,
      traductionFR: c.traductionFR,
      traductionEN: c.traductionEN,
      icon: c.icon,
    })),
    commentaries: [],
    averageGrade: e.averageGrade,
    totalGrades: e.totalGrades,
    trendingScore: 0,
    performers: [],
  };
}

/** The events of a search response, in the API's rank order. */
export function searchItemsToEvents(items: readonly TSearchItem[]): TEvent[] {
  const events: TEvent[] = [];
  for (const item of items) if ('event' in item) events.push(searchEventToEvent(item.event));
  return events;
}

function passesPrice(e: TEvent, filters: Filters): boolean {
  const { lowestPrice: low, highestPrice: high } = e;
  const known = low !== null || high !== null;
  if (filters.free) return known && (low ?? 0) === 0;
  if (filters.knownPrice && !known) return false;
  if (filters.maxPrice !== null && known && (low ?? high ?? 0) > filters.maxPrice) return false;
  return true;
}

/**
 * The filters of the explorer applied to search results in the browser, as `/api/events` applies them upstream:
 * categories, live now or a date window (by default the next seven days, as the filter bar says), price. Sorted as
 * asked; `nearest` keeps the search rank, since the results view is not about the map's centre.
 */
export function filterSearchEvents(events: readonly TEvent[], filters: Filters, now: number): TEvent[] {
  const chosen = dateWindow(filters, new Date(now));
  const from = chosen?.from ?? now;
  const window = { from, to: chosen?.to ?? from + DEFAULT_WINDOW_MS };
  const kept = events.filter((e) => {
    const category = e.categories[0]?.mainCategory;
    if (filters.categories.length > 0 && !(filters.categories as string[]).includes(category ?? '')) return false;
    const start = wireInstant(e.startDate);
    const end = wireInstant(e.endDate);
    if (filters.live) {
      if (!isLiveAt(e, now)) return false;
    } else if (start > window.to || end < window.from) {
      return false;
    }
    return passesPrice(e, filters);
  });
  if (filters.sort === 'soonest') kept.sort((a, b) => wireInstant(a.startDate) - wireInstant(b.startDate));
  else if (filters.sort === 'cheapest') {
    const price = (e: TEvent) => e.lowestPrice ?? e.highestPrice ?? Number.POSITIVE_INFINITY;
    kept.sort((a, b) => price(a) - price(b));
  }
  return kept;
}
