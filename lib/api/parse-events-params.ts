import 'server-only';
import { z } from 'zod';
import {
  LIMITS,
  ZCategoryFilterSchema,
  ZGetEventsRequestSchema,
  ZIsoDateInputSchema,
  type TGetEventsRequest,
  type TOrderBy,
} from '@/lib/contract';
import { wrapLongitude } from '@/lib/shared/longitude';
import { InputError, parseInput, pointer, queryObject, type InputIssue } from './query';

/*
 * Query of GET /api/events (and /api/events/live, which forces isLive and takes no live/from/to):
 *   minLng,maxLng,minLat,maxLat  map bounds, all four or none → locationFilter.rectangle. minLng > maxLng crosses the
 *                                antimeridian; values beyond ±180 (a map panned across it) are wrapped; a span of
 *                                360° or more means every longitude.
 *   categories=a,b               main categories (or `none`) → categories
 *   sources=a,b                  partner names → sources
 *   live=1                       → datesFilter {isLive: true}; excludes from/to
 *   from, to                     ISO 8601 (no offset = UTC) → datesFilter {minDate, maxDate}
 *   minPrice, maxPrice           euros ≥ 0 → pricesFilter {lowestPrice, highestPrice} (range overlap)
 *   free=1                       → pricesFilter {0, 0, hasKnownPrice: true}; excludes minPrice/maxPrice/knownPrice=0
 *   knownPrice=1|0               → pricesFilter.hasKnownPrice (0 = only events with unknown prices)
 *   sort=ending|soonest|nearest|cheapest  → orderBy endDate|startDate|distance|lowestPrice (default: upstream's)
 *   lng, lat                     reference point, both or none; required by sort=nearest → orderByDistance
 *   limit (1–500), page (≥ 1)    → limit, pageNumber
 * Flags accept 1/0/true/false; unknown or repeated parameters are a 400, empty values count as absent.
 */

/** `sort` values of `/api/events` and the upstream order each stands for. */
export const EVENT_SORTS = {
  /** Upstream default: ending soonest first (the fastest query). */
  ending: 'endDate',
  soonest: 'startDate',
  nearest: 'distance',
  cheapest: 'lowestPrice',
} as const satisfies Record<string, TOrderBy>;

const LIST_KEYS = ['categories', 'sources'] as const;
const COMMON_KEYS = [
  'minLng',
  'maxLng',
  'minLat',
  'maxLat',
  ...LIST_KEYS,
  'minPrice',
  'maxPrice',
  'free',
  'knownPrice',
  'sort',
  'lng',
  'lat',
  'limit',
  'page',
] as const;
const EVENTS_KEYS = [...COMMON_KEYS, 'live', 'from', 'to'] as const;

const ZNumber = z
  .string()
  .trim()
  .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'must be a number')
  .transform(Number);
const ZInteger = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);
const ZFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');
/** Map bounds may run past ±180 when the map is panned across the antimeridian; they are wrapped below. */
const ZBoundLng = ZNumber.pipe(z.number().min(-1080).max(1080));
const ZLat = ZNumber.pipe(z.number().min(-90).max(90));
const ZList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1).max(LIMITS.maxArrayItems));

const ZEventsQuerySchema = z.object({
  minLng: ZBoundLng.optional(),
  maxLng: ZBoundLng.optional(),
  minLat: ZLat.optional(),
  maxLat: ZLat.optional(),
  categories: ZList(ZCategoryFilterSchema).optional(),
  sources: ZList(z.string().max(LIMITS.maxTextLength)).optional(),
  live: ZFlag.optional(),
  from: ZIsoDateInputSchema.optional(),
  to: ZIsoDateInputSchema.optional(),
  minPrice: ZNumber.pipe(z.number().min(0)).optional(),
  maxPrice: ZNumber.pipe(z.number().min(0)).optional(),
  free: ZFlag.optional(),
  knownPrice: ZFlag.optional(),
  sort: z.enum(Object.keys(EVENT_SORTS) as [keyof typeof EVENT_SORTS]).optional(),
  lng: ZNumber.pipe(z.number().min(-180).max(180)).optional(),
  lat: ZLat.optional(),
  limit: ZInteger.pipe(z.number().min(1).max(LIMITS.eventsLimitMax)).optional(),
  page: ZInteger.pipe(z.number().min(1).max(1_000_000)).optional(),
});
type ParsedEventsParams = z.output<typeof ZEventsQuerySchema>;

/** The upstream rectangle of map bounds; `minLng > maxLng` means it crosses the antimeridian. */
function rectangleOf(q: ParsedEventsParams, issues: InputIssue[]): TGetEventsRequest['locationFilter'] {
  const bounds = { minLng: q.minLng, maxLng: q.maxLng, minLat: q.minLat, maxLat: q.maxLat };
  const given = Object.entries(bounds).filter(([, value]) => value !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < 4) {
    for (const [key, value] of Object.entries(bounds)) {
      if (value === undefined)
        issues.push({ pointer: pointer(key), detail: 'minLng, maxLng, minLat and maxLat go together' });
    }
    return undefined;
  }
  const { minLng, maxLng, minLat, maxLat } = bounds as Record<keyof typeof bounds, number>;
  if (minLat > maxLat) {
    issues.push({ pointer: pointer('minLat'), detail: 'minLat must not exceed maxLat' });
    return undefined;
  }
  // A viewport at least one world wide (zoomed far out) covers every longitude.
  const span = minLng <= maxLng ? maxLng - minLng : maxLng + 360 - minLng;
  if (span >= 360) return { rectangle: { minLng: -180, maxLng: 180, minLat, maxLat } };
  return { rectangle: { minLng: wrapLongitude(minLng), maxLng: wrapLongitude(maxLng), minLat, maxLat } };
}

/** Maps a path of the upstream body back to the query parameter it came from. */
function renameBodyPath(path: string): string {
  const map: Record<string, string> = {
    'datesFilter.minDate': 'from',
    'datesFilter.maxDate': 'to',
    'pricesFilter.lowestPrice': 'minPrice',
    'pricesFilter.highestPrice': 'maxPrice',
    pageNumber: 'page',
    orderByDistance: 'lng',
  };
  if (map[path]) return map[path];
  const rect = /^locationFilter\.rectangle\.(\w+)$/.exec(path);
  if (rect?.[1]) return rect[1];
  return path;
}

/**
 * Parses the query of `GET /api/events` (`mode: 'list'`) or `GET /api/events/live` (`mode: 'live'`, no
 * `live`/`from`/`to`) into a `POST /v2/get/events` body; throws an {@link InputError} with pointers.
 */
export function parseEventsQuery(url: URL, mode: 'list' | 'live'): TGetEventsRequest {
  const raw = queryObject(url, mode === 'live' ? COMMON_KEYS : EVENTS_KEYS);
  const q = parseInput(ZEventsQuerySchema, raw);
  const issues: InputIssue[] = [];
  const body: TGetEventsRequest = {};

  const locationFilter = rectangleOf(q, issues);
  if (locationFilter) body.locationFilter = locationFilter;
  if (q.categories) body.categories = [...new Set(q.categories)];
  if (q.sources) body.sources = [...new Set(q.sources)];

  if (mode === 'live' || q.live) {
    if (q.from !== undefined || q.to !== undefined) {
      issues.push({ pointer: pointer(q.from !== undefined ? 'from' : 'to'), detail: 'live=1 excludes from/to' });
    }
    body.datesFilter = { isLive: true };
  } else if (q.from !== undefined || q.to !== undefined) {
    body.datesFilter = {
      ...(q.from !== undefined ? { minDate: q.from } : {}),
      ...(q.to !== undefined ? { maxDate: q.to } : {}),
    };
  }

  if (q.free) {
    if (q.minPrice !== undefined || q.maxPrice !== undefined) {
      issues.push({
        pointer: pointer(q.minPrice !== undefined ? 'minPrice' : 'maxPrice'),
        detail: 'free=1 excludes a price range',
      });
    }
    if (q.knownPrice === false) issues.push({ pointer: pointer('knownPrice'), detail: 'free=1 excludes knownPrice=0' });
    // A free event is one whose price range reaches 0 €, with a known price.
    body.pricesFilter = { lowestPrice: 0, highestPrice: 0, hasKnownPrice: true };
  } else if (q.minPrice !== undefined || q.maxPrice !== undefined || q.knownPrice !== undefined) {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      issues.push({ pointer: pointer('minPrice'), detail: 'minPrice must not exceed maxPrice' });
    }
    body.pricesFilter = {
      ...(q.minPrice !== undefined ? { lowestPrice: q.minPrice } : {}),
      ...(q.maxPrice !== undefined ? { highestPrice: q.maxPrice } : {}),
      ...(q.knownPrice !== undefined ? { hasKnownPrice: q.knownPrice } : {}),
    };
  }

  if ((q.lng === undefined) !== (q.lat === undefined)) {
    issues.push({ pointer: pointer(q.lng === undefined ? 'lng' : 'lat'), detail: 'lng and lat go together' });
  }
  if (q.sort) {
    body.orderBy = EVENT_SORTS[q.sort];
    if (q.sort === 'nearest') {
      if (q.lng === undefined && q.lat === undefined) {
        issues.push({ pointer: pointer('lng'), detail: 'sort=nearest needs lng and lat' });
      }
    }
  }
  if (q.lng !== undefined && q.lat !== undefined && q.sort === 'nearest') {
    body.orderByDistance = { lng: q.lng, lat: q.lat };
  }
  if (q.limit !== undefined) body.limit = q.limit;
  if (q.page !== undefined) body.pageNumber = q.page;

  if (issues.length > 0) throw new InputError(issues);
  // The contract's own rules (e.g. from after to) as a last check, reported under the query's names.
  return parseInput(ZGetEventsRequestSchema, body, renameBodyPath);
}
