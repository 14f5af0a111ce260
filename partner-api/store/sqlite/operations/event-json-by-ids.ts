import { eventJsonPieces, sqlTextLiteral } from '../../event-json';
import type { EventJsonOptions } from '../../types';
import type { Db } from '../open';
import { stmt } from '../statements';

/**
 * The JSON of each event, in the order of `ids` (missing ones skipped), with the optional parts filled as asked
 * (docs/design.md §5), as UTF-8 bytes.
 */
export function eventJsonByIds(db: Db, ids: readonly number[], options: EventJsonOptions): Buffer[] {
  if (ids.length === 0) return [];
  // CROSS JOIN keeps json_each as the outer loop, so rows come out in the order of `ids` without a sort.
  return stmt(db, statementFor(options)).pluck().all(JSON.stringify(ids)) as Buffer[];
}

const statements = new Map<string, string>();

/**
 * The statement for a combination of parts, built once from the shared join. Each event is joined in SQL and handed
 * over as one BLOB (a copy of the UTF-8, no decoding): making a Buffer is the costly part of a read, and one per
 * event measured ~40% faster over a catalogue walk than one per stored fragment.
 */
function statementFor(options: EventJsonOptions): string {
  const key = `${options.commentaries}:${options.performers}`;
  let sql = statements.get(key);
  if (sql === undefined) {
    const json = eventJsonPieces(
      'e.body',
      options.commentaries ? 'e.commentaries_json' : null,
      options.performers ? 'e.performers_json' : null,
      sqlTextLiteral,
    ).join(' || ');
    sql = `SELECT CAST(${json} AS BLOB) FROM json_each(?) j CROSS JOIN events e ON e.id = j.value`;
    statements.set(key, sql);
  }
  return sql;
}
