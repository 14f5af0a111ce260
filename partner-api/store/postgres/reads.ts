import type { CataloguePageData, CataloguePageRequest, CatalogueStateChanges, ImageSubject } from '../port';
import { RECORD_EVENTS_LIMIT, type RecordWithEventsJson } from '../search-types';
import type { EventJsonOptions, StoredEventJson } from '../types';
import { mapPlaceJson, performerJson, type PerformerRecordRow } from '../model/serialize-event';
import { copyOutBinary } from './copy';
import type { CachedJson, EventJsonCache } from './event-json-cache';
import { cannotBeStored, inTransaction, withClient, type PgPool, type Queryable } from './pool';
import { loadMapPlace } from './records';
import type { PgStoreContext } from './writes';

/** Meta key: the latest `deleted_ms` among purged tombstones (a `lastUpdatedAt` before it may have missed one). */
export const PURGED_THROUGH_KEY = 'tombstones_purged_through_ms';

interface JsonRow {
  body: string;
  commentaries_json: string;
  performers_json: string;
}

const storedJson = (row: JsonRow): StoredEventJson => ({
  body: row.body,
  commentaries: row.commentaries_json,
  performers: row.performers_json,
});

export async function getEvent(q: Queryable, id: number): Promise<StoredEventJson | null> {
  const { rows } = await q.query<JsonRow>('SELECT body, commentaries_json, performers_json FROM events WHERE id = $1', [
    id,
  ]);
  return rows[0] ? storedJson(rows[0]) : null;
}

export async function findEventIdByServiceId(q: Queryable, serviceId: number): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>('SELECT id FROM events WHERE service_id = $1 ORDER BY id LIMIT 1', [
    serviceId,
  ]);
  return rows[0]?.id ?? null;
}

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

/** Up to this many events are read with an ordinary statement, more through COPY (measured: docs/performance.md). */
const FEW_EVENTS = 40;

/** Events' JSON as served, each in its own buffer (a cached copy must not hold a whole page alive), by id. */
async function readEventJson(
  pool: PgPool,
  ids: readonly number[],
  options: EventJsonOptions,
): Promise<Map<number, CachedJson>> {
  const out = new Map<number, CachedJson>();
  const keep = (id: number, updated: number, body: Buffer, commentaries: Buffer | null, performers: Buffer | null) => {
    const json = Buffer.allocUnsafeSlow(eventJsonLength(body, commentaries, performers));
    writeEventJson(json, 0, body, commentaries, performers);
    out.set(id, { version: updated, json });
  };
  const parts = `e.body, ${options.commentaries ? 'e.commentaries_json' : 'NULL'}, ${options.performers ? 'e.performers_json' : 'NULL'}`;
  if (ids.length <= FEW_EVENTS) {
    // A few events: an ordinary statement costs less than COPY's own exchange, and little is decoded and re-encoded.
    const { rows } = await pool.query<[number | string, number | string, string, string | null, string | null]>({
      text: `SELECT e.id, e.updated_ms, ${parts} FROM unnest($1::BIGINT[]) AS u(id) JOIN events e ON e.id = u.id`,
      values: [ids],
      rowMode: 'array',
    });
    const bytes = (text: string | null) => (text === null ? null : Buffer.from(text, 'utf8'));
    for (const [id, updated, body, commentaries, performers] of rows) {
      keep(Number(id), Number(updated), Buffer.from(body, 'utf8'), bytes(commentaries), bytes(performers));
    }
    return out;
  }
  const rows = await withClient(pool, (client) =>
    copyOutBinary(
      client,
      `SELECT e.id, e.updated_ms, ${parts} FROM unnest(${idArrayLiteral(ids)}) AS u(id) JOIN events e ON e.id = u.id`,
    ),
  );
  for (const [id, updated, body, commentaries, performers] of rows as [
    Buffer,
    Buffer,
    Buffer,
    Buffer | null,
    Buffer | null,
  ][]) {
    keep(Number(id.readBigInt64BE(0)), Number(updated.readBigInt64BE(0)), body, commentaries, performers);
  }
  return out;
}

/** A list of event ids as a PostgreSQL array literal, for statements that take no bound parameters (COPY). */
function idArrayLiteral(ids: readonly number[]): string {
  // Only integers reach the SQL text: anything else would be a bug upstream, never something to embed.
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`not an event id: ${String(id)}`);
  return `'{${ids.join(',')}}'::BIGINT[]`;
}

const COMMENTARIES_KEY = Buffer.from(',"commentaries":');
const PERFORMERS_KEY = Buffer.from(',"performers":');
const EMPTY_LIST = Buffer.from('[]');
const CLOSING_BRACE = 0x7d;
const JOINS_LENGTH = COMMENTARIES_KEY.length + PERFORMERS_KEY.length + 1;

/** Bytes of an event's JSON object joined from its stored fragments (a part not asked for, null, is `[]`). */
function eventJsonLength(body: Buffer, commentaries: Buffer | null, performers: Buffer | null): number {
  return body.length + (commentaries ?? EMPTY_LIST).length + (performers ?? EMPTY_LIST).length + JOINS_LENGTH;
}

/** Writes the event's JSON object at `at` in `target` (as assembleEventJson joins strings); returns where it ends. */
function writeEventJson(
  target: Buffer,
  at: number,
  body: Buffer,
  commentaries: Buffer | null,
  performers: Buffer | null,
): number {
  at += body.copy(target, at);
  at += COMMENTARIES_KEY.copy(target, at);
  at += (commentaries ?? EMPTY_LIST).copy(target, at);
  at += PERFORMERS_KEY.copy(target, at);
  at += (performers ?? EMPTY_LIST).copy(target, at);
  target[at++] = CLOSING_BRACE;
  return at;
}

/**
 * Each event's full JSON (commentaries and performers included) in the order of `ids`, missing ones skipped: the
 * pages of a catalogue walk. A walk reads each event once, so unlike eventJsonByIds it neither consults nor fills the
 * per-process copy (a whole walk would only flush it); it reads the stored fragments as bytes through COPY (no
 * decoding into strings and encoding back) and joins each event's into one buffer for the page.
 */
export async function fullEventJsonByIds(pool: PgPool, ids: readonly number[]): Promise<Buffer[]> {
  if (ids.length === 0) return [];
  const rows = await withClient(pool, (client) =>
    copyOutBinary(
      client,
      `SELECT e.body, e.commentaries_json, e.performers_json
       FROM unnest(${idArrayLiteral(ids)}) WITH ORDINALITY AS u(id, i) JOIN events e ON e.id = u.id
       ORDER BY u.i`,
    ),
  );
  const parts = rows as [Buffer, Buffer, Buffer][];
  let size = 0;
  for (const [body, commentaries, performers] of parts) size += eventJsonLength(body, commentaries, performers);
  const page = Buffer.allocUnsafe(size);
  let at = 0;
  return parts.map(([body, commentaries, performers]) => {
    const start = at;
    at = writeEventJson(page, at, body, commentaries, performers);
    return page.subarray(start, at);
  });
}

async function ids(q: Queryable, sql: string, since: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(sql, [since]);
  return rows.map((row) => row.id);
}

/** The ids that changed state since `since` (docs/design.md §4.5), anywhere, ascending: the caller keeps the location. */
async function stateChanges(
  q: Queryable,
  request: CataloguePageRequest,
  since: number,
): Promise<CatalogueStateChanges> {
  // With trackAvailabilities, a source that sold out also counts, even while the event has other sources left.
  const notAvailable = request.trackAvailabilities
    ? `e.not_available_ms > $1 OR (e.updated_ms > $1 AND EXISTS (SELECT 1 FROM sources s
         WHERE s.event_id = e.id AND s.not_available_ms > $1))`
    : 'e.not_available_ms > $1';
  return {
    cancelled: await ids(q, 'SELECT id FROM events e WHERE e.cancelled_ms > $1 ORDER BY id', since),
    notAvailable: await ids(q, `SELECT id FROM events e WHERE ${notAvailable} ORDER BY id`, since),
    deleted: await ids(q, 'SELECT event_id AS id FROM tombstones WHERE deleted_ms > $1 ORDER BY event_id', since),
  };
}

/**
 * Drops tombstones older than the horizon and returns the latest deletion time no longer on record (see the SQLite
 * store's catalogue page for why 410 keys on it rather than on the horizon).
 */
async function purgeTombstones(ctx: PgStoreContext, horizon: number): Promise<number> {
  const { rows } = await ctx.pool.query<{ purged: number | null; through: string | null }>(
    `SELECT (SELECT max(deleted_ms) FROM tombstones WHERE deleted_ms < $1) AS purged,
            (SELECT value FROM meta WHERE key = $2) AS through`,
    [horizon, PURGED_THROUGH_KEY],
  );
  const purged = rows[0]?.purged ?? null;
  const recorded = rows[0]?.through ?? null;
  const through = Math.max(recorded === null ? -Infinity : Number(recorded), purged ?? -Infinity);
  if (purged !== null) {
    await inTransaction(ctx.pool, async (client) => {
      await client.query('DELETE FROM tombstones WHERE deleted_ms < $1', [horizon]);
      await client.query(
        `INSERT INTO meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = greatest(meta.value::BIGINT, excluded.value::BIGINT)::TEXT`,
        [PURGED_THROUGH_KEY, String(through)],
      );
    });
  }
  return through;
}

export async function cataloguePage(ctx: PgStoreContext, request: CataloguePageRequest): Promise<CataloguePageData> {
  // Only a delta's answer depends on the tombstones, so only deltas purge them (a round trip a snapshot walk's every
  // page would pay otherwise): until a mirror asks for one, nothing reads them, and they stay one small row per deletion.
  if (request.since !== null) {
    const purgedThrough = await purgeTombstones(ctx, request.tombstoneHorizonMs);
    if (request.since < purgedThrough) return { kind: 'resync-required' };
  }
  const items = await fullEventJsonByIds(ctx.pool, request.ids);
  const changes =
    request.since !== null && request.withStateChanges
      ? await stateChanges(ctx.pool, request, request.since)
      : { cancelled: [], notAvailable: [], deleted: [] };
  return { kind: 'page', items, changes };
}

type Owner = 'mapPlace' | 'performer';

// Upcoming and running events soonest first, then past ones most recent first (RECORD_EVENTS_LIMIT in all).
const OWNER_SQL: Record<Owner, string> = {
  mapPlace: `
    (SELECT id, 0 AS part, start_ms FROM events WHERE map_place_id = $1 AND end_ms >= $2 ORDER BY start_ms, id LIMIT $3)
    UNION ALL
    (SELECT id, 1 AS part, start_ms FROM events WHERE map_place_id = $1 AND end_ms < $2
     ORDER BY start_ms DESC, id LIMIT $3)`,
  performer: `
    (SELECT e.id, 0 AS part, e.start_ms FROM event_performers ep JOIN events e ON e.id = ep.event_id
     WHERE ep.performer_id = $1 AND e.end_ms >= $2 ORDER BY e.start_ms, e.id LIMIT $3)
    UNION ALL
    (SELECT e.id, 1 AS part, e.start_ms FROM event_performers ep JOIN events e ON e.id = ep.event_id
     WHERE ep.performer_id = $1 AND e.end_ms < $2 ORDER BY e.start_ms DESC, e.id LIMIT $3)`,
};

/** The events embedded in a map place or performer record (see RECORD_EVENTS_LIMIT). */
async function recordEvents(
  q: Queryable,
  owner: Owner,
  ownerId: string | number,
  nowMs: number,
): Promise<StoredEventJson[]> {
  const { rows } = await q.query<JsonRow>(
    `SELECT e.body, e.commentaries_json, e.performers_json
     FROM (${OWNER_SQL[owner]}) picked JOIN events e ON e.id = picked.id
     ORDER BY picked.part, CASE WHEN picked.part = 0 THEN picked.start_ms ELSE -picked.start_ms END, picked.id
     LIMIT $3`,
    [ownerId, nowMs, RECORD_EVENTS_LIMIT],
  );
  return rows.map(storedJson);
}

export async function getMapPlace(ctx: PgStoreContext, mapPlaceId: string): Promise<RecordWithEventsJson | null> {
  if (cannotBeStored(mapPlaceId)) return null;
  const mapPlace = await loadMapPlace(ctx.pool, mapPlaceId);
  if (!mapPlace) return null;
  return {
    record: JSON.stringify(mapPlaceJson(mapPlace)),
    events: await recordEvents(ctx.pool, 'mapPlace', mapPlaceId, ctx.clock()),
  };
}

export async function getPerformer(ctx: PgStoreContext, performerId: number): Promise<RecordWithEventsJson | null> {
  const { rows } = await ctx.pool.query<PerformerRecordRow>(
    'SELECT id, name, image, square_image, rectangle_image, web_image FROM performers WHERE id = $1',
    [performerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    record: performerJson(row, ctx.publicUrl),
    events: await recordEvents(ctx.pool, 'performer', performerId, ctx.clock()),
  };
}

/** True when at least one event at the map place has already started (place search's null rule). */
export async function mapPlaceHadEvent(q: Queryable, mapPlaceId: string, nowMs: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM events WHERE map_place_id = $1 AND start_ms <= $2 LIMIT 1', [
    mapPlaceId,
    nowMs,
  ]);
  return rows.length > 0;
}

/** True when the performer takes part in at least one recorded event. */
export async function performerHasEvent(q: Queryable, performerId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM event_performers WHERE performer_id = $1 LIMIT 1', [performerId]);
  return rows.length > 0;
}

export async function isCatalogueEmpty(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM events) AND NOT EXISTS (SELECT 1 FROM places)
       AND NOT EXISTS (SELECT 1 FROM tombstones) AS empty`,
  );
  return rows[0]?.empty ?? true;
}

export async function imageSubject(q: Queryable, kind: ImageSubject['kind'], id: number): Promise<ImageSubject | null> {
  switch (kind) {
    case 'event': {
      const { rows } = await q.query<{ name: string; category_mask: number; city: string }>(
        'SELECT e.name, e.category_mask, p.city FROM events e JOIN places p ON p.id = e.place_id WHERE e.id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { kind, name: row.name, city: row.city, categoryMask: row.category_mask } : null;
    }
    case 'place': {
      const { rows } = await q.query<{ name: string; city: string }>('SELECT name, city FROM places WHERE id = $1', [
        id,
      ]);
      const row = rows[0];
      return row ? { kind, name: row.name, city: row.city } : null;
    }
    case 'performer': {
      const { rows } = await q.query<{ name: string }>('SELECT name FROM performers WHERE id = $1', [id]);
      const row = rows[0];
      return row ? { kind, name: row.name } : null;
    }
    case 'partner': {
      const { rows } = await q.query<{ name: string; back_color: string }>(
        'SELECT name, back_color FROM partners WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row ? { kind, name: row.name, backColor: row.back_color } : null;
    }
  }
}
