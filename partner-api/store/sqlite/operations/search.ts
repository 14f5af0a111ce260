import type { TSearchItem } from '@/lib/contract';
import type { SearchParams } from '../../search-types';
import {
  byRank,
  EXTRA_CANDIDATES,
  eventItem,
  nearCells,
  performerItem,
  placeItem,
  rankEvents,
  rankPerformers,
  rankPlaces,
  type Candidate,
  type EventDocRow,
  type EventItemRow,
  type PerformerItemRow,
  type PlaceItemRow,
} from '../../model/search-results';
import { performerHasEvent } from '../rows/record-events';
import { candidateTiers, expandWords, queryWords, runTiers } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

function eventCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number) {
  const words = expandWords(ctx.db, 'events', text, true);
  // Passed events are not offered (a search bar is for going out); running and upcoming ones are.
  const fromKey = Math.floor(now / 60_000) * 16_777_216;
  const query = stmt(
    ctx.db,
    `SELECT d.event_id AS id, d.name, d.context, d.lng, d.lat, d.start_ms, d.end_ms
     FROM search_events f JOIN search_event_docs d ON d.rowid = f.rowid
     WHERE search_events MATCH ? AND f.rowid >= ? AND d.end_ms >= ? LIMIT ?`,
  );
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: nearCells(params), hasContext: true });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, fromKey, now, perQuery) as EventDocRow[]);
  return rankEvents(rows, words, params, now).map(({ key, row }): Candidate<TSearchItem | null> => ({
    key,
    build: (score) => eventItemOf(ctx, row.id, score),
  }));
}

/** The search item of an event, from its columns (model/search-results.ts: eventItem). */
function eventItemOf(ctx: StoreContext, id: number, score: number): TSearchItem | null {
  const row = stmt(
    ctx.db,
    `SELECT e.id, e.service_id, e.name, e.start_ms, e.end_ms, e.has_end_date_not_reliable, e.lowest_price,
            e.highest_price, e.description, e.image, e.square_image, e.rectangle_image, e.average_grade,
            e.total_grades, e.time_zone, p.id AS place_id, p.name AS place_name, p.lng AS place_lng,
            p.lat AS place_lat, p.street, p.city, p.postal_code, p.country,
            (SELECT group_concat(category_id) FROM event_categories WHERE event_id = e.id) AS category_ids
     FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = ?`,
  ).get(id) as (EventItemRow & { category_ids: string | null }) | undefined;
  if (!row) return null;
  return eventItem(row, (row.category_ids ?? '').split(',').map(Number), ctx.publicUrl, score);
}

function placeCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number) {
  const words = expandWords(ctx.db, 'places', text, true);
  const query = stmt(
    ctx.db,
    `SELECT m.id, m.name, m.address, m.city, m.lng, m.lat, m.average_grade, m.total_grades
     FROM search_places f JOIN search_place_keys k ON k.rowid = f.rowid JOIN map_places m ON m.id = k.map_place_id
     WHERE search_places MATCH ? LIMIT ?`,
  );
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: nearCells(params), hasContext: true });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, perQuery) as PlaceItemRow[]);
  return rankPlaces(rows, words, params, now).map(({ key, row }): Candidate<TSearchItem | null> => ({
    key,
    build: (score) => placeItem(row, score),
  }));
}

function performerCandidates(ctx: StoreContext, text: string[], params: SearchParams, now: number) {
  const words = expandWords(ctx.db, 'performers', text, true);
  const query = stmt(
    ctx.db,
    `SELECT p.id, p.name, p.image, p.web_image FROM search_performers f JOIN performers p ON p.id = f.rowid
     WHERE search_performers MATCH ? LIMIT ?`,
  );
  const perQuery = params.limit + EXTRA_CANDIDATES;
  const tiers = candidateTiers(words, { near: null, hasContext: false });
  const rows = runTiers(tiers, perQuery, (match) => query.all(match, perQuery) as PerformerItemRow[]);
  return rankPerformers(rows, words, params, now).map(({ key, row }): Candidate<TSearchItem | null> => ({
    key,
    // Only performers the catalogue can show events for (checked for the few that make the page).
    build: (score) => (performerHasEvent(ctx.db, row.id) ? performerItem(row, ctx.publicUrl, score) : null),
  }));
}

/**
 * The combined search of the search bar: events, places and performers matching every word (the last one as a
 * prefix; one typo allowed in words of five letters or more), ranked by text relevance, then proximity to the
 * point, then how soon the event is. `score` is the text relevance.
 */
export function search(ctx: StoreContext, params: SearchParams): TSearchItem[] {
  const text = queryWords(params.text);
  if (text.length === 0) return [];
  const now = ctx.clock();
  const candidates: Candidate<TSearchItem | null>[] = [];
  if (params.types.includes('events')) candidates.push(...eventCandidates(ctx, text, params, now));
  if (params.types.includes('places')) candidates.push(...placeCandidates(ctx, text, params, now));
  if (params.types.includes('performers')) candidates.push(...performerCandidates(ctx, text, params, now));
  const items: TSearchItem[] = [];
  for (const candidate of byRank(candidates)) {
    if (items.length >= params.limit) break;
    const item = candidate.build(candidate.key.relevance);
    if (item) items.push(item);
  }
  return items;
}
