import type { PlaceInput } from '../../types';
import { placeSampleOfRow, sampleIdAt, type PlaceSampleRow } from '../../model/rows';
import type { Db } from '../open';
import { stmt } from '../statements';

export function partnerNames(db: Db): string[] {
  return (stmt(db, 'SELECT name FROM partners ORDER BY id').all() as Array<{ name: string }>).map((row) => row.name);
}

function idAt(db: Db, table: 'events' | 'places', fraction: number): { lo: number; at: number } | null {
  const { lo, hi } = stmt(db, `SELECT min(id) AS lo, max(id) AS hi FROM ${table}`).get() as {
    lo: number | null;
    hi: number | null;
  };
  return sampleIdAt(lo, hi, fraction);
}

export function currentEventAt(db: Db, fraction: number, nowMs: number): number | null {
  const range = idAt(db, 'events', fraction);
  if (!range) return null;
  const next = stmt(db, 'SELECT id FROM events WHERE id >= ? AND end_ms > ? ORDER BY id LIMIT 1');
  const row = (next.get(range.at, nowMs) ?? next.get(range.lo, nowMs)) as { id: number } | undefined;
  return row?.id ?? null;
}

export function placeAt(db: Db, fraction: number): (PlaceInput & { id: number; mapId: string | null }) | null {
  const range = idAt(db, 'places', fraction);
  if (!range) return null;
  const row = stmt(
    db,
    `SELECT id, map_id, name, lng, lat, street, city, postal_code, country, time_zone
       FROM places WHERE id >= ? ORDER BY id LIMIT 1`,
  ).get(range.at) as PlaceSampleRow | undefined;
  return row ? placeSampleOfRow(row) : null;
}

export function sourceIds(db: Db, eventId: number): number[] {
  return (stmt(db, 'SELECT id FROM sources WHERE event_id = ? ORDER BY id').all(eventId) as Array<{ id: number }>).map(
    (row) => row.id,
  );
}
