import { inTransaction } from '../pool';
import { CLICK_COLUMNS, clickValues, type ClickSourceRow } from '../../model/clicks';
import type { ClickStore } from '../../port';
import type { PgStoreContext } from '../rows/store-context';

/** What a click copies from its source, event and partner. */
const SOURCE_SQL = `SELECT s.id, s.event_id, s.link, s.lowest_price, s.commission_fix, s.commission_per_cart,
       s.commission_per_ticket, s.commission_rate, e.name AS event_name, pa.name AS partner_name
FROM sources s JOIN events e ON e.id = s.event_id JOIN partners pa ON pa.id = s.partner_id`;

/** Clicks on tracked links (GET /r/{token}), one or a batch. */
export function createPgClickRecorder(ctx: PgStoreContext): Pick<ClickStore, 'recordClick' | 'recordClicks'> {
  const { pool } = ctx;
  return {
    async recordClick(input) {
      // One statement: the source is read and the click written together, so a source deleted meanwhile records
      // nothing rather than a click about an event that no longer exists.
      const { rows } = await pool.query<ClickSourceRow>(`${SOURCE_SQL} WHERE s.id = $1`, [input.sourceId]);
      const source = rows[0];
      if (!source) return null;
      await pool.query(
        `INSERT INTO clicks (${CLICK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        clickValues(input, source, ctx.clock),
      );
      return { redirectTo: source.link };
    },
    async recordClicks(inputs) {
      if (inputs.length === 0) return 0;
      return inTransaction(pool, async (client) => {
        const { rows: sources } = await client.query<ClickSourceRow>(`${SOURCE_SQL} WHERE s.id = ANY($1::BIGINT[])`, [
          [...new Set(inputs.map((input) => input.sourceId))],
        ]);
        const byId = new Map(sources.map((source) => [source.id, source]));
        const now = ctx.clock();
        const rows = inputs.flatMap((input) => {
          const source = byId.get(input.sourceId);
          return source ? [clickValues(input, source, () => now)] : [];
        });
        if (rows.length > 0) {
          // One INSERT of column arrays, whatever the number of clicks.
          const columns = CLICK_COLUMNS.split(', ').map((_, i) => rows.map((row) => row[i]));
          await client.query(
            `INSERT INTO clicks (${CLICK_COLUMNS})
             SELECT * FROM unnest($1::TEXT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[], $5::TEXT[], $6::TEXT[],
                                  $7::DOUBLE PRECISION[], $8::BIGINT[])`,
            columns,
          );
        }
        return rows.length;
      });
    },
  };
}
