import type { PlaceInput } from '../../types';
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
  if (lo === null || hi === null) return null;
  return { lo, at: lo + Math.min(hi - lo, Math.floor(fraction * (hi - lo + 1))) };
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
  ).get(range.at) as
    | {
        id: number;
        map_id: string | null;
        name: string;
        lng: number;
        lat: number;
        street: string;
        city: string;
        postal_code: string;
        country: string;
        time_zone: string;
      }
    | undefined;
  if (!row) return null;
  return {
    id: row.id,
    mapId: row.map_id,
    name: row.name,
    lng: row.lng,
    lat: row.lat,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    timeZone: row.time_zone,
  };
}

export function sourceIds(db: Db, eventId: number): number[] {
  return (stmt(db, 'SELECT id FROM sources WHERE event_id = ? ORDER BY id').all(eventId) as Array<{ id: number }>).map(
    (row) => row.id,
  );
}
