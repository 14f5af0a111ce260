import { isCompleteMatch, textRelevance } from '@/partner-api/search/relevance';
import type { RecordWithEventsJson } from '../../search-types';
import { getPerformer } from './get-performer';
import { performerHasEvent } from '../rows/record-events';
import { expandWords, ftsMatch, queryWords, withMatch } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/** Enough to see every homonym of a name; a query matching more is too vague to be confident anyway. */
const MAX_CANDIDATES = 200;

/**
 * The performer `name` designates, or null unless the match is confident: the performer's identity is confirmed,
 * the query is their whole name (one typo per long word allowed, articles aside), they have at least one event,
 * and no other such performer matches as well (homonyms → null rather than a guess).
 */
export function searchPerformer(ctx: StoreContext, name: string): RecordWithEventsJson | null {
  const words = expandWords(ctx.db, 'performers', queryWords(name), false);
  const match = ftsMatch(words);
  if (!match) return null;
  const rows = withMatch(
    () =>
      stmt(
        ctx.db,
        `SELECT p.id, p.name FROM search_performers s JOIN performers p ON p.id = s.rowid
     WHERE search_performers MATCH ? AND p.identity_confirmed = 1 LIMIT ${MAX_CANDIDATES}`,
      ).all(match) as Array<{ id: number; name: string }>,
  );
  let best: Array<{ id: number; relevance: number }> = [];
  for (const row of rows) {
    if (!isCompleteMatch(words, row.name) || !performerHasEvent(ctx.db, row.id)) continue;
    const relevance = textRelevance(words, row.name);
    if (best.length === 0 || relevance > (best[0]?.relevance ?? 0)) best = [{ id: row.id, relevance }];
    else if (relevance === best[0]?.relevance) best.push({ id: row.id, relevance });
  }
  const only = best.length === 1 ? best[0] : undefined;
  return only ? getPerformer(ctx, only.id) : null;
}
