import type { TExplorerEvent, TSearchItem } from '@/lib/contract';
// The pure modules, not the barrel: this runs in the browser, and the barrel carries every schema and example.
import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { explorerPricesFilter, pricesMatch } from '@/lib/contract/prices';
import { isLiveAt, wireInstant } from './card-format';
import { dateWindow } from './dates';
import { explorerImage } from './explorer-event';
import type { Filters } from './state';

/** An event as the combined search returns it: the fields a card shows, not the whole record. */
export type TSearchEvent = Extract<TSearchItem, { event: unknown }>['event'];

/** The events of a search response, in the API's rank order. */
export function searchItemsToEvents(items: readonly TSearchItem[]): TSearchEvent[] {
  const events: TSearchEvent[] = [];
  for (const item of items) if ('event' in item) events.push(item.event);
  return events;
}

const toMinute = (date: string) => date.replace(/^(\S+ \d{2}:\d{2})\S* /, '$1 ');
const round = (n: number) => Math.round(n * 1e5) / 1e5;

function mainCategory(e: TSearchEvent): TMainCategory | undefined {
  const cat = e.categories[0]?.mainCategory;
  return (MAIN_CATEGORIES as readonly string[]).includes(cat ?? '') ? (cat as TMainCategory) : undefined;
}

/**
 * What a card and a map point draw of a search event (the same shape as the viewport's events). A search item has no
 * map place and no state: it is positioned by its place's address; the event's page has the whole record.
 */
export function searchEventToExplorerEvent(e: TSearchEvent): TExplorerEvent {
  const { lng, lat, city } = e.place.address;
  const { lowestPrice: low, highestPrice: high } = e;
  const category = mainCategory(e);
  const image = explorerImage(e.squareImage ?? e.image);
  return {
    id: e.id,
    name: e.name,
    start: toMinute(e.startDate),
    end: toMinute(e.endDate),
    ...(low !== null && { minPrice: low }),
    ...(high !== null && high !== low && { maxPrice: high }),
    place: e.place.name,
    ...(city && { city }),
    ...(Number.isFinite(lng) && Number.isFinite(lat) && { position: [round(lng), round(lat)] as [number, number] }),
    ...(category && { category }),
    ...(image && { image }),
  };
}

/**
 * Whether the visitor chose a filter that can hide search results. The map's default window ("next 7 days") is not
 * one: a search looks for a text among every upcoming event, and says "hidden by the filters" only for what the
 * visitor's own choices hide.
 */
export function searchFiltersActive(filters: Filters): boolean {
  return (
    filters.live || filters.categories.length > 0 || filters.when !== null || explorerPricesFilter(filters) !== null
  );
}

/**
 * The filters of the explorer applied to search results in the browser, with the rules `/api/explorer/events` applies
 * upstream: categories, live now or the chosen date window (without one, every event not yet over), price. Sorted as
 * asked; `nearest` keeps the search rank, since the results view is not about the map's centre.
 */
export function filterSearchEvents(events: readonly TSearchEvent[], filters: Filters, now: number): TExplorerEvent[] {
  const chosen = dateWindow(filters, new Date(now));
  const from = chosen?.from ?? now;
  const to = chosen?.to ?? Number.POSITIVE_INFINITY;
  const prices = explorerPricesFilter(filters);
  const kept = events.filter((e) => {
    const category = e.categories[0]?.mainCategory;
    if (filters.categories.length > 0 && !(filters.categories as string[]).includes(category ?? '')) return false;
    if (filters.live) {
      if (!isLiveAt(e, now)) return false;
    } else if (wireInstant(e.startDate) > to || wireInstant(e.endDate) < from) {
      return false;
    }
    return pricesMatch(prices, e.lowestPrice, e.highestPrice);
  });
  if (filters.sort === 'soonest') kept.sort((a, b) => wireInstant(a.startDate) - wireInstant(b.startDate));
  else if (filters.sort === 'cheapest') {
    const price = (e: TSearchEvent) => e.lowestPrice ?? e.highestPrice ?? Number.POSITIVE_INFINITY;
    kept.sort((a, b) => price(a) - price(b));
  }
  return kept.map(searchEventToExplorerEvent);
}

/**
 * How many events the search found that the results view can list: every one not yet over. The difference with what
 * is shown is what the visitor's filters hide — none when no filter is chosen.
 */
export function searchFoundCount(events: readonly TSearchEvent[], now: number): number {
  let found = 0;
  for (const e of events) if (wireInstant(e.endDate) >= now) found += 1;
  return found;
}
