import type { EventJsonOptions } from '../../types';
import type { EventJsonCache } from '../event-json-cache';
import type { PgPool } from '../pool';
import { readEventJson } from '../rows/event-json';

const PARTS_KEY = (options: EventJsonOptions) => `${options.commentaries ? 'c' : ''}${options.performers ? 'p' : ''}:`;

/**
 * Each event's JSON in the order of `ids` (missing ones skipped), with the optional parts filled as asked. `versions`,
 * when given, holds the `updatedAt` the caller's index knows for each id: events whose copy of that version this
 * process holds are served from it, and the others are read in one round trip (COPY, as bytes) and kept. Without
 * `versions`, every event is read.
 */
export async function eventJsonByIds(
  pool: PgPool,
  cache: EventJsonCache,
  ids: readonly number[],
  options: EventJsonOptions,
  versions?: readonly number[],
): Promise<Buffer[]> {
  if (ids.length === 0) return [];
  const parts = PARTS_KEY(options);
  const found: (Buffer | undefined)[] = new Array<Buffer | undefined>(ids.length);
  const missing: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const version = versions?.[i];
    const json = version === undefined ? undefined : cache.get(parts + ids[i]!, version);
    if (json) found[i] = json;
    else missing.push(i);
  }
  if (missing.length > 0) {
    const readStartedAt = cache.begin();
    const read = await readEventJson(
      pool,
      missing.map((i) => ids[i]!),
      options,
    );
    for (const i of missing) {
      const row = read.get(ids[i]!);
      if (!row) continue;
      found[i] = row.json;
      cache.set(parts + ids[i]!, row.version, row.json, readStartedAt);
    }
  }
  const out: Buffer[] = [];
  for (const json of found) if (json) out.push(json);
  return out;
}
