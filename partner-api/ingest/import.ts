import type { z } from 'zod';
import {
  ZSourceRecordSchema,
  type TIngestFormat,
  type TIngestRejection,
  type TIngestSummary,
} from '@/lib/contract/ingest';
import type { Store } from '@/partner-api/store/port';
import type {
  IngestBatch,
  IngestEventInput,
  IngestEventWrite,
  IngestSourceRow,
  IngestStore,
} from '@/partner-api/store/ingest/types';
import { eventInputOf } from './derive-event';
import { noMapPlaces, type MapPlaceProvider } from './enrich';
import type { ReadItem } from './formats/items';
import { matchKey, neighbourKeys, sameEvent, type MatchView } from './match';
import {
  DEFAULT_PARTNER_TIME_ZONE,
  matchViewOf,
  RecordError,
  resolveRecord,
  type IngestPartner,
  type ResolvedSource,
} from './resolve';

/** Records per transaction: big enough to amortize a commit, small enough that a batch is quick to redo. */
export const DEFAULT_BATCH_SIZE = 500;

/** The partner is not registered (`partners add`): nothing is imported. */
export class UnknownPartnerError extends Error {
  override name = 'UnknownPartnerError';
  constructor(readonly partner: string) {
    super(`Unknown partner "${partner}": register it first with \`npm run partner-api -- partners add "${partner}"\`.`);
  }
}

/** A whole import refused before any write (e.g. a full feed with no valid record, which would withdraw everything). */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

export interface ImportOptions {
  partner: string;
  format: TIngestFormat;
  /** This feed is the partner's complete current catalogue: its future records it no longer lists are withdrawn. */
  full?: boolean;
  /** "Now" (the store's clock): what counts as a future event for `full`. */
  nowMs: number;
  batchSize?: number;
  /** The map-place step (docs/ingestion.md "Places"); offline, none. */
  mapPlaces?: MapPlaceProvider;
}

function zodReason(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'record'}: ${issue.message}`)
    .join('; ');
}

interface Accepted {
  position: number;
  unit: TIngestRejection['unit'];
  source: ResolvedSource;
}

const parseRow = (row: IngestSourceRow): ResolvedSource => JSON.parse(row.data) as ResolvedSource;

/** The stored row of a resolved record, under the event `eventKey` names (a new one's key, or `id:<event id>`). */
export function sourceRowOf(source: ResolvedSource, eventKey: string): IngestBatch['upserts'][number] {
  return {
    partner: source.partner,
    ref: source.ref,
    hash: source.hash,
    data: JSON.stringify(source),
    startMs: source.startMs,
    endMs: source.endMs,
    matchKey: matchKey(source.startMs, source.lng, source.lat),
    eventKey,
  };
}

/**
 * What the ingestion core reads and writes: the store's ingestion part, or the demo seed's bulk load (the same
 * operations inside its one transaction, partner-api/seed/seed-catalogue.ts).
 */
export type IngestWriter = Pick<IngestStore, 'sourcesByRefs' | 'sourcesByEvents' | 'sourcesByMatchKeys' | 'applyBatch'>;

/** What one call of the core did to the records it was given. */
export type IngestCounts = Pick<TIngestSummary, 'created' | 'merged' | 'updated' | 'unchanged'>;

/** An event a batch's records may join: a stored one (`id:<n>`) or a new one of this batch (`new:<n>`). */
interface EventGroup {
  key: string;
  /** Search order: stored events first (as found), then new ones (as created), as the rule has always tried them. */
  order: number;
  rows: ResolvedSource[];
  views: MatchView[];
}

/**
 * The events of one batch the rule may join a record to, indexed by the records' `sameAs`: a record naming its event
 * is compared only with the events of the same `sameAs` and those with a record naming none (the rule decides there),
 * so a batch of records that all name their event (the demo seed's thousands) stays linear.
 */
class EventGroups {
  readonly list: EventGroup[] = [];
  private readonly bySameAs = new Map<string, EventGroup[]>();
  private readonly open: EventGroup[] = [];

  add(key: string, rows: ResolvedSource[]): EventGroup {
    const group: EventGroup = { key, order: this.list.length, rows: [], views: [] };
    this.list.push(group);
    for (const row of rows) this.join(group, row);
    return group;
  }

  /** Adds `source` to `group`, replacing the partner's record with the same id if there is one. */
  join(group: EventGroup, source: ResolvedSource): void {
    const view = matchViewOf(source);
    const i = group.rows.findIndex((r) => r.partner === source.partner && r.ref === source.ref);
    if (i === -1) {
      group.rows.push(source);
      group.views.push(view);
    } else {
      group.rows[i] = source;
      group.views[i] = view;
    }
    if (view.sameAs === null) {
      if (!this.open.includes(group)) this.open.push(group);
    } else {
      const list = this.bySameAs.get(view.sameAs) ?? [];
      if (!list.includes(group)) {
        list.push(group);
        this.bySameAs.set(view.sameAs, list);
      }
    }
  }

  /** The first event `source` is the same event as, by the rule (one source per partner and event), or null. */
  find(source: ResolvedSource): EventGroup | null {
    const view = matchViewOf(source);
    const candidates =
      view.sameAs === null
        ? this.list
        : [...(this.bySameAs.get(view.sameAs) ?? []), ...this.open].sort((a, b) => a.order - b.order);
    // A partner's two records are two events (two shows the same night).
    return (
      candidates.find(
        (g) => !g.rows.some((r) => r.partner === source.partner) && g.views.some((v) => sameEvent(view, v)),
      ) ?? null
    );
  }
}

/** An event written by one call of the core: its id and what its records made of it. */
export interface IngestedEvent {
  eventId: number;
  input: IngestEventInput;
  created: boolean;
}

/**
 * The ingestion core (docs/ingestion.md): upserts resolved records — of one partner or several — by (partner, partner's
 * id) in one atomic batch. Unchanged records are not written; new ones join an existing event or an earlier new one of
 * the batch when the matching rule says it is the same event; each touched event is rewritten from all its sources.
 * Returns the events written, in the order they were written (new events take ids in that order).
 */
export async function ingestSources(
  ingest: IngestWriter,
  sources: readonly ResolvedSource[],
  counts: IngestCounts,
  mapPlaces: MapPlaceProvider = noMapPlaces,
): Promise<IngestedEvent[]> {
  if (sources.length === 0) return [];
  const refsByPartner = new Map<string, string[]>();
  for (const source of sources) {
    const refs = refsByPartner.get(source.partner) ?? [];
    refs.push(source.ref);
    refsByPartner.set(source.partner, refs);
  }
  const existing = new Map<string, IngestSourceRow>();
  for (const [partner, refs] of refsByPartner) {
    for (const row of await ingest.sourcesByRefs(partner, refs)) existing.set(`${row.partner}\u0000${row.ref}`, row);
  }
  const changed: Array<{ source: ResolvedSource; eventId: number }> = [];
  const fresh: ResolvedSource[] = [];
  for (const source of sources) {
    const row = existing.get(`${source.partner}\u0000${source.ref}`);
    if (!row) fresh.push(source);
    else if (row.hash === source.hash) counts.unchanged += 1;
    else changed.push({ source, eventId: row.eventId });
  }
  if (changed.length === 0 && fresh.length === 0) return [];

  // Candidates: stored records starting within an hour either side of a new record, within ~1 km (match.ts).
  const keys = new Set<string>();
  for (const source of fresh) for (const key of neighbourKeys(source.startMs, source.lng, source.lat)) keys.add(key);
  const candidates = keys.size > 0 ? await ingest.sourcesByMatchKeys([...keys]) : [];
  const touchedIds = new Set<number>([...changed.map((c) => c.eventId), ...candidates.map((c) => c.eventId)]);
  const stored = touchedIds.size > 0 ? await ingest.sourcesByEvents([...touchedIds]) : [];
  const rowsByEvent = new Map<number, ResolvedSource[]>();
  for (const row of stored) {
    const list = rowsByEvent.get(row.eventId) ?? [];
    list.push(parseRow(row));
    rowsByEvent.set(row.eventId, list);
  }
  const groups = new EventGroups();
  const byKey = new Map<string, EventGroup>();
  for (const [eventId, rows] of rowsByEvent) byKey.set(`id:${eventId}`, groups.add(`id:${eventId}`, rows));

  const writeKeys = new Set<string>();
  const upserts: IngestBatch['upserts'] = [];
  for (const { source, eventId } of changed) {
    const key = `id:${eventId}`;
    let group = byKey.get(key);
    if (!group) {
      group = groups.add(key, []);
      byKey.set(key, group);
    }
    groups.join(group, source);
    writeKeys.add(key);
    upserts.push(sourceRowOf(source, key));
    counts.updated += 1;
  }
  let newKeys = 0;
  for (const source of fresh) {
    let group = groups.find(source);
    if (group) {
      groups.join(group, source);
      counts.merged += 1;
    } else {
      newKeys += 1;
      group = groups.add(`new:${newKeys}`, [source]);
      byKey.set(group.key, group);
      counts.created += 1;
    }
    writeKeys.add(group.key);
    upserts.push(sourceRowOf(source, group.key));
  }

  const events: IngestEventWrite[] = [];
  for (const key of writeKeys) {
    const rows = byKey.get(key)?.rows;
    if (!rows || rows.length === 0) continue;
    const primary = rows[0] as ResolvedSource;
    const eventId = key.startsWith('id:') ? Number(key.slice(3)) : null;
    events.push({ key, eventId, input: eventInputOf(rows, await mapPlaces.lookup(primary.record.venue)) });
  }
  const ids = await ingest.applyBatch({ events, upserts, removals: [] });
  return events.map((write) => ({
    eventId: ids.get(write.key) as number,
    input: write.input as IngestEventInput,
    created: write.eventId === null,
  }));
}

/**
 * The one way data enters the catalogue (docs/ingestion.md): reads `items` (from a format reader), validates and
 * resolves each record, and hands them to the core (ingestSources) in atomic batches. With `full`, the partner's future
 * records the feed no longer lists are withdrawn at the end (their event deleted when no source remains).
 */
export async function importItems(
  store: Pick<Store, 'ingest'>,
  items: Iterable<ReadItem> | AsyncIterable<ReadItem>,
  options: ImportOptions,
): Promise<TIngestSummary> {
  const partnerRow = await store.ingest.partner(options.partner);
  if (!partnerRow) throw new UnknownPartnerError(options.partner);
  const partner: IngestPartner = {
    name: partnerRow.name,
    timeZone: partnerRow.timeZone || DEFAULT_PARTNER_TIME_ZONE,
    commissionFix: partnerRow.commissionFix,
    commissionPerTicket: partnerRow.commissionPerTicket,
    commissionPerCart: partnerRow.commissionPerCart,
    commissionRate: partnerRow.commissionRate,
  };
  const mapPlaces = options.mapPlaces ?? noMapPlaces;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const summary: TIngestSummary = {
    partner: partner.name,
    format: options.format,
    full: options.full ?? false,
    records: 0,
    created: 0,
    merged: 0,
    updated: 0,
    unchanged: 0,
    withdrawn: 0,
    deleted: 0,
    rejected: [],
    floatingTimeZone: null,
  };
  /** Every id the feed lists (accepted or not): a full feed withdraws only what it no longer mentions at all. */
  const listed = new Set<string>();
  let batch: Accepted[] = [];

  const reject = (item: { position: number; unit: TIngestRejection['unit'] }, reason: string, recordId?: string) => {
    summary.rejected.push({ position: item.position, unit: item.unit, ...(recordId ? { recordId } : {}), reason });
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const accepted = batch;
    batch = [];
    await ingestSources(
      store.ingest,
      accepted.map((a) => a.source),
      summary,
      mapPlaces,
    );
  };

  for await (const item of items) {
    summary.records += 1;
    if ('error' in item) {
      if (item.recordId) listed.add(item.recordId);
      reject(item, item.error, item.recordId);
      continue;
    }
    const rawId = typeof item.value.id === 'string' ? item.value.id.trim() : undefined;
    const parsed = ZSourceRecordSchema.safeParse(item.value);
    if (!parsed.success) {
      if (rawId) listed.add(rawId);
      reject(item, zodReason(parsed.error), rawId);
      continue;
    }
    if (listed.has(parsed.data.id)) {
      reject(item, 'the same id appears earlier in this feed', parsed.data.id);
      continue;
    }
    listed.add(parsed.data.id);
    let source: ResolvedSource;
    try {
      source = resolveRecord(partner, parsed.data);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      reject(item, error.message, parsed.data.id);
      continue;
    }
    summary.floatingTimeZone ??= source.floatingZone;
    batch.push({ position: item.position, unit: item.unit, source });
    if (batch.length >= batchSize) await flush();
  }
  const anyAccepted = summary.records > summary.rejected.length;
  if (options.full && !anyAccepted) {
    // Checked before the last batch is written: such a feed has nothing to write anyway.
    throw new ImportRefusedError('A full feed without any valid record would withdraw every event: nothing imported.');
  }
  await flush();
  if (options.full) await withdrawUnlisted(store, partner.name, listed, options, summary, mapPlaces);
  return summary;
}

/** A full feed's end: the partner's future records it did not list leave their events, batch by batch. */
async function withdrawUnlisted(
  store: Pick<Store, 'ingest'>,
  partner: string,
  listed: ReadonlySet<string>,
  options: ImportOptions,
  summary: TIngestSummary,
  mapPlaces: MapPlaceProvider,
): Promise<void> {
  const gone = (await store.ingest.partnerRefsEndingAfter(partner, options.nowMs)).filter((r) => !listed.has(r.ref));
  await withdrawSources(store, partner, gone, { batchSize: options.batchSize, mapPlaces, summary });
}

/**
 * Withdraws a partner's records (`ref` of `eventId`): each leaves its event, which is rewritten from the sources that
 * remain, or deleted when none does. What a full feed does with the records it no longer lists, and what `simulate`
 * does to a record a partner drops.
 */
export async function withdrawSources(
  store: Pick<Store, 'ingest'>,
  partner: string,
  gone: ReadonlyArray<{ ref: string; eventId: number }>,
  options: { batchSize?: number | undefined; mapPlaces?: MapPlaceProvider; summary?: TIngestSummary } = {},
): Promise<{ withdrawn: number; deleted: number }> {
  const mapPlaces = options.mapPlaces ?? noMapPlaces;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const counts = { withdrawn: 0, deleted: 0 };
  for (let i = 0; i < gone.length; i += batchSize) {
    const slice = gone.slice(i, i + batchSize);
    const rows = await store.ingest.sourcesByEvents([...new Set(slice.map((g) => g.eventId))]);
    const removed = new Set(slice.map((g) => g.ref));
    const byEvent = new Map<number, ResolvedSource[]>();
    for (const row of rows) {
      const list = byEvent.get(row.eventId) ?? [];
      if (!(row.partner === partner && removed.has(row.ref))) list.push(parseRow(row));
      byEvent.set(row.eventId, list);
    }
    const events: IngestEventWrite[] = [];
    for (const [eventId, remaining] of byEvent) {
      if (remaining.length === 0) {
        events.push({ key: `id:${eventId}`, eventId, input: null });
        counts.deleted += 1;
      } else {
        const primary = remaining[0] as ResolvedSource;
        events.push({
          key: `id:${eventId}`,
          eventId,
          input: eventInputOf(remaining, await mapPlaces.lookup(primary.record.venue)),
        });
      }
    }
    await store.ingest.applyBatch({
      events,
      upserts: [],
      removals: slice.map((g) => ({ partner, ref: g.ref })),
    });
    counts.withdrawn += slice.length;
  }
  if (options.summary) {
    options.summary.withdrawn += counts.withdrawn;
    options.summary.deleted += counts.deleted;
  }
  return counts;
}
