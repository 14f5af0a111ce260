import { MAIN_CATEGORIES } from '@/lib/contract';
import { circleBoxes, haversineMeters, rectangleBoxes, type LngLatBox } from '../../geo';
import type { LocationQuery, PriceQuery, TCategoryFilter } from '../events-query';
import type { Db } from './open';

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

const MINUTE_MS = 60_000;
// The R*Tree stores float32 rounded outwards, but not reliably for values float32 cannot represent at all (denormal
// doubles round to 0): widening its box by far more than float32's error keeps its answer a superset.
const BOX_SLACK_DEG = 1e-3;

/**
 * One scan over the R*Tree `event_boxes b` joined to `events e`: the R*Tree narrows by a lng/lat box and the time
 * interval, then every candidate is checked exactly on the event row (the R*Tree stores float32 rounded outwards,
 * so its answer is a superset). Several scans (antimeridian, circles across it) are disjoint by construction.
 */
export function locationScans(location: LocationQuery | null, minMs: number, maxMs: number): SqlFragment[] {
  // One minute of slack on each side more than covers float32 rounding of minutes since the epoch.
  const minT = Math.floor(minMs / MINUTE_MS) - 1;
  const maxT = Math.ceil(maxMs / MINUTE_MS) + 1;
  const time: SqlFragment = {
    sql: 'b.min_t <= ? AND b.max_t >= ? AND e.start_ms <= ? AND e.end_ms >= ?',
    params: [maxT, minT, maxMs, minMs],
  };
  const boxes: LngLatBox[] | null =
    location === null
      ? null
      : location.kind === 'rectangle'
        ? rectangleBoxes(location)
        : circleBoxes(location.lng, location.lat, location.maxDistance);
  if (boxes === null) return [time];
  return boxes.map((box) => {
    const sql = [
      'b.max_lng >= ? AND b.min_lng <= ? AND b.max_lat >= ? AND b.min_lat <= ?',
      time.sql,
      'e.lng >= ? AND e.lng <= ? AND e.lat >= ? AND e.lat <= ?',
    ];
    const params: unknown[] = [
      box.minLng - BOX_SLACK_DEG,
      box.maxLng + BOX_SLACK_DEG,
      box.minLat - BOX_SLACK_DEG,
      box.maxLat + BOX_SLACK_DEG,
      ...time.params,
    ];
    params.push(box.minLng, box.maxLng, box.minLat, box.maxLat);
    if (location?.kind === 'circle') {
      sql.push(`${DISTANCE_FUNCTION}(e.lng, e.lat, ?, ?) <= ?`);
      params.push(location.lng, location.lat, location.maxDistance);
    }
    return { sql: sql.join(' AND '), params };
  });
}

/** The exact location condition on `events e` alone (no R*Tree), or null without a filter. */
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

/** Bit mask of main categories as stored in `events.category_mask` (bit i = MAIN_CATEGORIES[i]). */
export function categoryMask(categories: readonly TCategoryFilter[]): number {
  let mask = 0;
  for (const category of categories) {
    const index = (MAIN_CATEGORIES as readonly string[]).indexOf(category);
    if (index >= 0) mask |= 2 ** index;
  }
  return mask;
}

/** Any of the main categories; `none` = events without a category (docs/design.md §4.4). */
export function categoryCondition(categories: readonly TCategoryFilter[] | null): SqlFragment | null {
  if (categories === null) return null;
  const mask = categoryMask(categories);
  const none = categories.includes('none');
  if (mask !== 0 && none) return { sql: '(e.category_mask & ? != 0 OR e.category_mask = 0)', params: [mask] };
  if (mask !== 0) return { sql: 'e.category_mask & ? != 0', params: [mask] };
  return { sql: 'e.category_mask = 0', params: [] };
}

/**
 * Any source whose partner has one of these names. Names are resolved to partner ids first; unknown names match
 * nothing, so a filter made only of unknown names returns `0 = 1`.
 */
export function sourceCondition(db: Db, sources: readonly string[] | null): SqlFragment | null {
  if (sources === null) return null;
  const unique = [...new Set(sources)];
  const ids = db
    .prepare(`SELECT id FROM partners WHERE name IN (${unique.map(() => '?').join(',')})`)
    .pluck()
    .all(...unique) as number[];
  if (ids.length === 0) return { sql: '0 = 1', params: [] };
  return {
    sql: `EXISTS (SELECT 1 FROM sources s WHERE s.event_id = e.id AND s.partner_id IN (${ids.map(() => '?').join(',')}))`,
    params: ids,
  };
}

/**
 * Price range intersection: the event's `[lowestPrice, highestPrice]` must meet the bounds. Unknown prices (either
 * end null) pass unless `known` is true; `known: false` keeps only unknown prices (docs/design.md §4.4).
 */
export function priceCondition(prices: PriceQuery | null): SqlFragment | null {
  if (prices === null) return null;
  const unknown = '(e.lowest_price IS NULL OR e.highest_price IS NULL)';
  if (prices.known === false) return { sql: unknown, params: [] };
  const bounds: string[] = [];
  const params: unknown[] = [];
  if (prices.lowest !== undefined) {
    bounds.push('e.highest_price >= ?');
    params.push(prices.lowest);
  }
  if (prices.highest !== undefined) {
    bounds.push('e.lowest_price <= ?');
    params.push(prices.highest);
  }
  const known = ['e.lowest_price IS NOT NULL AND e.highest_price IS NOT NULL', ...bounds].join(' AND ');
  if (prices.known === true) return { sql: `(${known})`, params };
  if (bounds.length === 0) return null;
  return { sql: `(${unknown} OR (${bounds.join(' AND ')}))`, params };
}

/** Joins fragments with AND (skipping nulls). */
export function and(fragments: (SqlFragment | null)[]): SqlFragment {
  const present = fragments.filter((f): f is SqlFragment => f !== null);
  if (present.length === 0) return { sql: '1', params: [] };
  return { sql: present.map((f) => f.sql).join(' AND '), params: present.flatMap((f) => f.params) };
}
