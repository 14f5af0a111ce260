import { foldText } from '@/partner-api/search/normalize';
import type { IngestBatch, IngestEventInput } from '../../ingest/types';
import { ingestedEventRecord, sourceIdsByPartner } from '../../model/ingested-event';
import { sourceRecordsFrom } from '../../model/new-rows';
import type {
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '../../model/records';
import type { SourceInput } from '../../types';
import { serializeEvent } from '../../model/serialize-event';
import { loadEventRecord, loadMapPlace, loadPlace } from '../rows/event-record';
import { nextUpdatedMs } from '../rows/next-updated-ms';
import {
  ensureMapPlace,
  ensurePartner,
  ensurePerformer,
  ensurePlace,
  nextEventId,
  noteEventId,
} from '../rows/resolve-input';
import { insertEvent, updateEventRows } from '../rows/save-event';
import type { StoreContext } from '../rows/store-context';
import { stmt } from '../statements';
import { deleteEvent } from './delete-event';

/**
 * What a batch's event writes look up once instead of per event (together a tenth of an import's time): the places
 * of the venues already seen (places do not change during a batch), the partners' rows, and the next event and source
 * ids — the batch's transaction is the only writer.
 */
interface BatchState {
  venues: Map<string, PlaceRecord>;
  partners: Map<string, PartnerRecord>;
  nextEventId: number | null;
  maxCreatedId: number;
  nextSourceId: number | null;
  /** Map places read in this batch (the demo seed's batches name a few hundred for thousands of events). */
  mapPlaces: Map<string, MapPlaceRecord | null>;
}

function venuePlace(ctx: StoreContext, state: BatchState, input: IngestEventInput): PlaceRecord {
  const { db } = ctx;
  const mapPlace = input.mapPlace ? ensureMapPlace(db, input.mapPlace) : null;
  const seen = state.venues.get(input.place.venueKey);
  if (seen) return seen;
  const row = stmt(db, 'SELECT place_id AS id FROM ingest_venues WHERE venue_key = ?').get(input.place.venueKey) as
    { id: number } | undefined;
  const known = row ? loadPlace(db, row.id) : null;
  if (known) {
    state.venues.set(input.place.venueKey, known);
    return known;
  }
  const { venueKey, ...place } = input.place;
  const created = ensurePlace(db, place, mapPlace?.id ?? null);
  stmt(
    db,
    'INSERT INTO ingest_venues (venue_key, place_id) VALUES (?, ?) ON CONFLICT (venue_key) DO UPDATE SET place_id = excluded.place_id',
  ).run(venueKey, created.id);
  return created;
}

function performerOf(ctx: StoreContext, name: string): PerformerRecord {
  const { db } = ctx;
  const key = foldText(name).replace(/\s+/g, ' ').trim();
  const row = stmt(db, 'SELECT performer_id AS id FROM ingest_performers WHERE name_key = ?').get(key) as
    { id: number } | undefined;
  const performer = ensurePerformer(db, row ? { id: row.id, name } : { name });
  if (!row) stmt(db, 'INSERT INTO ingest_performers (name_key, performer_id) VALUES (?, ?)').run(key, performer.id);
  return performer;
}

const samePlaceName = (a: { name: string; city: string }, b: { name: string; city: string }) =>
  a.name === b.name && a.city === b.city;

/** rows/resolve-input.ts's sourceRecordsOf with the batch's source id counter and partner rows. */
function batchSourceRecords(
  db: StoreContext['db'],
  state: BatchState,
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
): SourceRecord[] {
  state.nextSourceId ??= ((stmt(db, 'SELECT max(id) AS m FROM sources').get() as { m: number | null }).m ?? 0) + 1;
  const partners = inputs.map((s) => {
    let partner = state.partners.get(s.partner);
    if (!partner) {
      partner = ensurePartner(db, s.partner);
      state.partners.set(s.partner, partner);
    }
    return partner;
  });
  const records = sourceRecordsFrom(inputs, event, state.nextSourceId, partners);
  for (const r of records) if (r.id >= state.nextSourceId) state.nextSourceId = r.id + 1;
  return records;
}

/** Writes one ingested event (new when `previous` is null) and returns its id. */
function writeEvent(
  ctx: StoreContext,
  state: BatchState,
  input: IngestEventInput,
  previous: EventRecord | null,
): number {
  const { db } = ctx;
  let id = previous?.id;
  if (id === undefined) {
    state.nextEventId ??= nextEventId(db);
    id = state.nextEventId++;
    state.maxCreatedId = Math.max(state.maxCreatedId, id);
  }
  const updatedMs = nextUpdatedMs(db, ctx.clock);
  // An event keeps its place while its venue keeps its name and town (two seeded venues may share both).
  const kept = previous && samePlaceName(previous.place, input.place) ? previous.place : null;
  const place = kept ?? venuePlace(ctx, state, input);
  // No map place from the enrichment step: the venue's own (a known place keeps the map place it has).
  let mapPlace: MapPlaceRecord | null = null;
  if (input.mapPlace) {
    mapPlace = ensureMapPlace(db, input.mapPlace);
    state.mapPlaces.set(mapPlace.id, mapPlace);
  } else if (place.mapId) {
    if (!state.mapPlaces.has(place.mapId)) state.mapPlaces.set(place.mapId, loadMapPlace(db, place.mapId));
    mapPlace = state.mapPlaces.get(place.mapId) ?? null;
  }
  const ids = sourceIdsByPartner(previous);
  const sources = batchSourceRecords(
    db,
    state,
    input.sources.map(({ soldOut: _soldOut, ...s }) => {
      const known = ids.get(s.partner);
      return known === undefined ? s : { ...s, id: known };
    }),
    input,
  );
  const performers = input.performers.map((name) => performerOf(ctx, name));
  const record = ingestedEventRecord(input, previous, id, updatedMs, { mapPlace, place, sources, performers });
  const json = serializeEvent(record, ctx.publicUrl);
  if (previous) updateEventRows(db, record, json);
  else insertEvent(db, record, json);
  return id;
}

/**
 * One import batch in one immediate transaction: events created, rewritten or deleted (each stamped like any write),
 * then the source rows. A crash or an error leaves none of it.
 */
export function applyIngestBatch(ctx: StoreContext, batch: IngestBatch): Map<string, number> {
  const { db } = ctx;
  return db
    .transaction(() => {
      const ids = new Map<string, number>();
      const state: BatchState = {
        venues: new Map(),
        partners: new Map(),
        nextEventId: null,
        maxCreatedId: 0,
        nextSourceId: null,
        mapPlaces: new Map(),
      };
      for (const write of batch.events) {
        if (write.input === null) {
          deleteEvent(ctx, write.eventId);
          continue;
        }
        const previous = write.eventId === null ? null : loadEventRecord(db, write.eventId);
        ids.set(write.key, writeEvent(ctx, state, write.input, previous));
      }
      if (state.maxCreatedId > 0) noteEventId(db, state.maxCreatedId);
      const upsert = stmt(
        db,
        `INSERT INTO ingest_sources (partner, ref, event_id, hash, data, start_ms, match_key, end_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (partner, ref) DO UPDATE SET event_id = excluded.event_id, hash = excluded.hash,
           data = excluded.data, start_ms = excluded.start_ms, match_key = excluded.match_key, end_ms = excluded.end_ms`,
      );
      for (const row of batch.upserts) {
        const eventId = ids.get(row.eventKey) ?? Number(row.eventKey.replace(/^id:/, ''));
        if (!Number.isInteger(eventId)) throw new Error(`ingest batch: unknown event key ${row.eventKey}`);
        upsert.run(row.partner, row.ref, eventId, row.hash, row.data, row.startMs, row.matchKey, row.endMs);
      }
      const venue = stmt(db, 'INSERT INTO ingest_venues (venue_key, place_id) VALUES (?, ?) ON CONFLICT DO NOTHING');
      for (const link of batch.links?.venues ?? []) venue.run(link.venueKey, link.placeId);
      const performer = stmt(
        db,
        'INSERT INTO ingest_performers (name_key, performer_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      );
      for (const link of batch.links?.performers ?? []) performer.run(link.nameKey, link.performerId);
      const remove = stmt(db, 'DELETE FROM ingest_sources WHERE partner = ? AND ref = ?');
      for (const { partner, ref } of batch.removals) remove.run(partner, ref);
      return ids;
    })
    .immediate();
}
