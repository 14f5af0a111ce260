import { foldText } from '@/partner-api/search/normalize';
import type { IngestBatch, IngestEventInput } from '../../ingest/types';
import { ingestedEventRecord, sourceIdsByPartner } from '../../model/ingested-event';
import type { EventRecord, PerformerRecord, PlaceRecord } from '../../model/records';
import { serializeEvent } from '../../model/serialize-event';
import { loadEventRecord, loadMapPlace, loadPlace } from '../rows/event-record';
import { nextUpdatedMs } from '../rows/next-updated-ms';
import {
  ensureMapPlace,
  ensurePerformer,
  ensurePlace,
  nextEventId,
  noteEventId,
  sourceRecordsOf,
} from '../rows/resolve-input';
import { insertEvent, updateEventRows } from '../rows/save-event';
import type { StoreContext } from '../rows/store-context';
import { stmt } from '../statements';
import { deleteEvent } from './delete-event';

function venuePlace(ctx: StoreContext, input: IngestEventInput): PlaceRecord {
  const { db } = ctx;
  const mapPlace = input.mapPlace ? ensureMapPlace(db, input.mapPlace) : null;
  const row = stmt(db, 'SELECT place_id AS id FROM ingest_venues WHERE venue_key = ?').get(input.place.venueKey) as
    { id: number } | undefined;
  const known = row ? loadPlace(db, row.id) : null;
  if (known) return known;
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

/** Writes one ingested event (new when `previous` is null) and returns its id. */
function writeEvent(ctx: StoreContext, input: IngestEventInput, previous: EventRecord | null): number {
  const { db } = ctx;
  const id = previous?.id ?? nextEventId(db);
  const updatedMs = nextUpdatedMs(db, ctx.clock);
  // An event keeps its place while its venue keeps its name and town (two seeded venues may share both).
  const kept = previous && samePlaceName(previous.place, input.place) ? previous.place : null;
  const place = kept ?? venuePlace(ctx, input);
  // No map place from the enrichment step: the venue's own (a known place keeps the map place it has).
  const mapPlace = input.mapPlace
    ? ensureMapPlace(db, input.mapPlace)
    : place.mapId
      ? loadMapPlace(db, place.mapId)
      : null;
  const ids = sourceIdsByPartner(previous);
  const sources = sourceRecordsOf(
    db,
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
  else {
    insertEvent(db, record, json);
    noteEventId(db, id);
  }
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
      for (const write of batch.events) {
        if (write.input === null) {
          deleteEvent(ctx, write.eventId);
          continue;
        }
        const previous = write.eventId === null ? null : loadEventRecord(db, write.eventId);
        ids.set(write.key, writeEvent(ctx, write.input, previous));
      }
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
