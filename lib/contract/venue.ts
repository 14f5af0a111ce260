import type { TEvent } from './records';

/** Where an event takes place, in the fields pages, cards, feeds and calendars show. */
export interface EventVenue {
  /** The map place's id, which has a page; else the partner place's `mapId`, or null when it has none (empty). */
  id: string | null;
  name: string;
  lng: number;
  lat: number;
  /** The map place's city, else the address's; may be empty. */
  city: string;
  /** One line: the map place's address, else the place's street and "postal code city". */
  address: string;
}

/**
 * An event's venue (docs/design.md §4.4): its map place when it has one, else its partner place and that place's
 * address. The one reading of `mapPlace ?? place`: the position the service filters by and every view of the event.
 */
export function eventVenue(event: Pick<TEvent, 'mapPlace' | 'place'>): EventVenue {
  const { mapPlace, place } = event;
  const { address } = place;
  const street = [address.street, `${address.postalCode} ${address.city}`.trim()].filter(Boolean).join(', ');
  if (!mapPlace) {
    return {
      id: place.mapId || null,
      name: place.name,
      lng: address.lng,
      lat: address.lat,
      city: address.city,
      address: street,
    };
  }
  return {
    id: mapPlace.id,
    name: mapPlace.name,
    lng: mapPlace.lng,
    lat: mapPlace.lat,
    city: mapPlace.city ?? address.city,
    address: mapPlace.address,
  };
}

/** The venue as one line of text (a calendar's LOCATION, a feed entry): its name, then its address. */
export function venueLine(venue: EventVenue): string {
  return [venue.name, venue.address].filter(Boolean).join(', ');
}
