import type { Queryable } from '../pool';

export async function findEventIdByServiceId(q: Queryable, serviceId: number): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM events WHERE service_id = $1 ORDER BY id LIMIT 1', [
    serviceId,
  ]);
  return rows[0]?.id ?? null;
}
