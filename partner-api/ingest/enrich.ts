import type { TSourceRecord } from '@/lib/contract/ingest';
import type { MapPlaceInput } from '@/partner-api/store/types';

/**
 * The map-place step (docs/ingestion.md "Places"): given a record's venue, a provider may return the map place (the
 * spec's googlePlace: id, formatted address, grades, opening periods…) the event is then linked to. It is a separate,
 * pluggable step so that ingestion needs no network: offline (and by default) it finds nothing, and the venue alone
 * becomes the event's `place`. An operator plugs a provider (a places API, their own venue table) by passing another
 * MapPlaceProvider to importItems.
 */
export interface MapPlaceProvider {
  lookup(venue: TSourceRecord['venue']): Promise<MapPlaceInput | null>;
}

/** The offline provider: no map place. */
export const noMapPlaces: MapPlaceProvider = {
  lookup: () => Promise.resolve(null),
};
