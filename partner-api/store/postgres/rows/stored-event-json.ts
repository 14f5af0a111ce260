import type { StoredEventJson } from '../../types';

/** An event's stored JSON fragments as the events table holds them. */
export interface JsonRow {
  body: string;
  commentaries_json: string;
  performers_json: string;
}

export const storedJson = (row: JsonRow): StoredEventJson => ({
  body: row.body,
  commentaries: row.commentaries_json,
  performers: row.performers_json,
});
