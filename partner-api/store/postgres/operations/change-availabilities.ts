import type { AvailabilityInput } from '../../types';
import { changeRecordAvailabilities } from '../../model/mutations';
import { rewriteEvent } from '../rows/catalogue-write';
import type { PgStoreContext } from '../rows/store-context';

export function changeAvailabilities(
  ctx: PgStoreContext,
  id: number,
  change: AvailabilityInput,
): Promise<number | null> {
  return rewriteEvent(
    ctx,
    id,
    (_client, record) => changeRecordAvailabilities(record, change),
    async (client, updatedMs) => {
      await client.query('UPDATE events SET availability_changed_ms = $1 WHERE id = $2', [updatedMs, id]);
    },
  );
}
