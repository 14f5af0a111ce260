import type { EventJsonOptions } from '../../types';
import type { Db } from '../open';
import { stmt } from '../statements';

/**
 * The JSON of each event, in the order of `ids` (missing ones skipped), with the optional parts filled as asked
 * (docs/design.md §5), as UTF-8 bytes.
 */
export function eventJsonByIds(db: Db, ids: readonly number[], options: EventJsonOptions): Buffer[] {
  if (ids.length === 0) return [];
  const commentaries = options.commentaries ? 'e.commentaries_json' : "'[]'";
  const performers = options.performers ? 'e.performers_json' : "'[]'";
  // CROSS JOIN keeps json_each as the outer loop, so rows come out in the order of `ids` without a sort. Each event
  // is joined in SQL and handed over as one BLOB (a copy of the UTF-8, no decoding): making a Buffer is the costly
  // part of a read, and one per event measured ~40% faster over a catalogue walk than one per stored fragment.
  const sql =
    `SELECT CAST(e.body || ',"commentaries":' || ${commentaries} || ',"performers":' || ${performers} || '}' AS BLOB) ` +
    'FROM json_each(?) j CROSS JOIN events e ON e.id = j.value';
  return stmt(db, sql).pluck().all(JSON.stringify(ids)) as Buffer[];
}
