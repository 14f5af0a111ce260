import { haversineMeters } from '../../../geo';
import type { LocationQuery } from '../../events-query';
import type { Db } from '../open';

/** A SQL fragment with its positional parameters. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** Name of the SQL function `em_distance(lng1, lat1, lng2, lat2)` → haversine meters. */
export const DISTANCE_FUNCTION = 'em_distance';

const registered = new WeakSet<Db>();

/** Registers the functions the event queries use on this connection (once per connection). */
export function registerQueryFunctions(db: Db): void {
  if (registered.has(db)) return;
  db.function(DISTANCE_FUNCTION, { deterministic: true }, (lng1, lat1, lng2, lat2) =>
    haversineMeters(lng1 as number, lat1 as number, lng2 as number, lat2 as number),
  );
  registered.add(db);
}

/** The location condition on `events e` (the catalogue's state-change lists), or null without a filter. */
export function locationCondition(location: LocationQuery | null): SqlFragment | null {
  if (location === null) return null;
  if (location.kind === 'circle') {
    return {
      sql: `${DISTANCE_FUNCTION}(e.lng, e.lat, ?, ?) <= ?`,
      params: [location.lng, location.lat, location.maxDistance],
    };
  }
  const lat = 'e.lat >= ? AND e.lat <= ?';
  if (location.minLng <= location.maxLng) {
    return {
      sql: `e.lng >= ? AND e.lng <= ? AND ${lat}`,
      params: [location.minLng, location.maxLng, location.minLat, location.maxLat],
    };
  }
  return {
    sql: `(e.lng >= ? OR e.lng <= ?) AND ${lat}`,
    params: [location.minLng, location.maxLng, location.minLat, location.maxLat],
  };
}

/** Joins fragments with AND (skipping nulls). */
export function and(fragments: (SqlFragment | null)[]): SqlFragment {
  const present = fragments.filter((f): f is SqlFragment => f !== null);
  if (present.length === 0) return { sql: '1', params: [] };
  return { sql: present.map((f) => f.sql).join(' AND '), params: present.flatMap((f) => f.params) };
}
