import type { CatalogueSamples } from '../port';
import type { PgPool } from './pool';

/** Random-ish picks for the `simulate` command. */
export function createPgSamples(pool: PgPool): CatalogueSamples {
  async function idAt(table: 'events' | 'places', fraction: number): Promise<{ lo: number; at: number } | null> {
    const { rows } = await pool.query<{ lo: number | null; hi: number | null }>(
      `SELECT min(id)::BIGINT AS lo, max(id)::BIGINT AS hi FROM ${table}`,
    );
    const lo = rows[0]?.lo ?? null;
    const hi = rows[0]?.hi ?? null;
    if (lo === null || hi === null) return null;
    return { lo, at: lo + Math.min(hi - lo, Math.floor(fraction * (hi - lo + 1))) };
  }
  return {
    async partnerNames() {
      const { rows } = await pool.query<{ name: string }>('SELECT name FROM partners ORDER BY id');
      return rows.map((row) => row.name);
    },
    async currentEventAt(fraction, nowMs) {
      const range = await idAt('events', fraction);
      if (!range) return null;
      const next = async (from: number) =>
        (
          await pool.query<{ id: number }>('SELECT id FROM events WHERE id >= $1 AND end_ms > $2 ORDER BY id LIMIT 1', [
            from,
            nowMs,
          ])
        ).rows[0];
      const row = (await next(range.at)) ?? (await next(range.lo));
      return row?.id ?? null;
    },
    async placeAt(fraction) {
      const range = await idAt('places', fraction);
      if (!range) return null;
      const { rows } = await pool.query<{
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
      }>(
        `SELECT id, map_id, name, lng, lat, street, city, postal_code, country, time_zone
         FROM places WHERE id >= $1 ORDER BY id LIMIT 1`,
        [range.at],
      );
      const row = rows[0];
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
    },
    async sourceIds(eventId) {
      const { rows } = await pool.query<{ id: number }>('SELECT id FROM sources WHERE event_id = $1 ORDER BY id', [
        eventId,
      ]);
      return rows.map((row) => row.id);
    },
  };
}
