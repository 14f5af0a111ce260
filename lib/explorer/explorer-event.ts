import type { TEvent, TExplorerEvent } from '@/lib/contract';
// Its own modules, not the barrel: this runs in the browser, and the barrel carries every schema and example.
import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { eventVenue } from '@/lib/contract/venue';

/** ~1 m: more digits are noise on a map and bytes on a phone. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** `2026-11-22 20:30:00.000 +0100` → `2026-11-22 20:30 +0100`. */
const toMinute = (date: string) => date.replace(/^(\S+ \d{2}:\d{2})\S* /, '$1 ');

function mainCategory(event: TEvent): TMainCategory | undefined {
  const cat = event.categories[0]?.mainCategory;
  return (MAIN_CATEGORIES as readonly string[]).includes(cat ?? '') ? (cat as TMainCategory) : undefined;
}

/** The app's image route; pictures under it travel without this prefix (bytes on every card of every view). */
const IMAGE_ROUTE = '/images/';

/** A picture's link as a card keeps it: a path under the image route, or an absolute URL; undefined for none. */
export function explorerImage(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  return link.startsWith(IMAGE_ROUTE) ? link.slice(IMAGE_ROUTE.length) : link;
}

/** The `src` of a card's picture: {@link explorerImage} read back. */
export function explorerImageSrc(image: string): string {
  return /^(https?:)?\/\//.test(image) || image.startsWith('/') ? image : `${IMAGE_ROUTE}${image}`;
}

/** What a card and a map point draw of an event; the position is the map place's, else the place's address. */
export function toExplorerEvent(event: TEvent): TExplorerEvent {
  const { lng, lat, city, name: place } = eventVenue(event);
  const category = mainCategory(event);
  const { lowestPrice: low, highestPrice: high } = event;
  const image = explorerImage(event.squareImage ?? event.image ?? event.webImage);
  return {
    id: event.id,
    name: event.name,
    start: toMinute(event.startDate),
    end: toMinute(event.endDate),
    ...(low !== null && { minPrice: low }),
    ...(high !== null && high !== low && { maxPrice: high }),
    place,
    ...(city && { city }),
    ...(Number.isFinite(lng) && Number.isFinite(lat) && { position: [round(lng), round(lat)] as [number, number] }),
    ...(category && { category }),
    ...(event.cancelledAt !== null && { cancelled: true as const }),
    ...(event.notAvailableAt !== null && { unavailable: true as const }),
    ...(image && { image }),
  };
}
