/**
 * The storage seam (DESIGN §2): routes talk to these interfaces only, so a PostgreSQL implementation can be
 * added later and pass the same contract tests. SQLite implementations live in ./sqlite, one operation a file.
 *
 * Event JSON is stored pre-serialized (DESIGN §5): `body` is the full Event object without `commentaries` and
 * `performers` and without its closing brace; `commentaries` and `performers` are JSON arrays. Links inside
 * `body` are markers (partner-api/links/link-marker.ts) that the route swaps for the client's tracked links.
 */
export interface StoredEventJson {
  body: string;
  commentaries: string;
  performers: string;
}

/** Which optional parts of an event to fill. */
export interface EventJsonOptions {
  commentaries: boolean;
  performers: boolean;
}

/** Joins stored fragments into one Event JSON object (still with link markers). */
export function assembleEventJson(stored: StoredEventJson, options: EventJsonOptions): string {
  return (
    stored.body +
    ',"commentaries":' +
    (options.commentaries ? stored.commentaries : '[]') +
    ',"performers":' +
    (options.performers ? stored.performers : '[]') +
    '}'
  );
}

/** Catalogue reads and writes. Issues 3 and 4 extend it with queries, writes, searches and records. */
export interface EventStore {
  /** The event's JSON fragments, or null when it does not exist or was deleted. */
  getEvent(id: number): StoredEventJson | null;
  /** Closes the underlying connection. */
  close(): void;
}
