import type { CatalogueSamples } from '../../port';
import { placeSampleOfRow, sampleIdAt, type PlaceSampleRow } from '../../model/rows';
import type { PgPool } from '../pool';

/** Random-ish picks for the `simulate` command. */
export function createPgSamples(pool: PgPool): CatalogueSamples {
  async function idAt(table: 'events' | 'places', fraction: number): Promise<{ lo: number; at: number } | null> {
    const { rows } = await pool.query<{ lo: number | null; hi: number | null }>(
      `SELECT min(id)::BIGINT AS lo, max(id)::BIGINT AS hi FROM ${table}`,
    );
    return sampleIdAt(rows[0]?.lo ?? null, rows[0]?.hi ?? null, fraction);
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
      const { rows } = await pool.query<PlaceSampleRow>(
        `SELECT id, map_id, name, lng, lat, street, city, postal_code, country, time_zone
         FROM places WHERE id >= $1 ORDER BY id LIMIT 1`,
        [range.at],
      );
      return rows[0] ? placeSampleOfRow(rows[0]) : null;
    },
    async sourceIds(eventId) {
      const { rows } = await pool.query<{ id: number }>('SELECT id FROM sources WHERE event_id = $1 ORDER BY id', [
        eventId,
      ]);
      return rows.map((row) => row.id);
    },
  };
}
