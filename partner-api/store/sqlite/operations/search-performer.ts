import type { RecordWithEventsJson } from '../../search-types';
import { confidentPerformerId, MAX_PERFORMER_CANDIDATES, wholeNameMatches } from '../../model/search-results';
import { getPerformer } from './get-performer';
import { performerHasEvent } from '../rows/record-events';
import { expandWords, ftsMatch, queryWords, withMatch } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

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
     WHERE search_performers MATCH ? AND p.identity_confirmed = 1 LIMIT ${MAX_PERFORMER_CANDIDATES}`,
      ).all(match) as Array<{ id: number; name: string }>,
  );
  const matches = wholeNameMatches(rows, words).filter((row) => performerHasEvent(ctx.db, row.id));
  const id = confidentPerformerId(matches, words);
  return id === null ? null : getPerformer(ctx, id);
}
