/*
 * How an event's JSON object is joined from its stored fragments (docs/design.md §5), written once: the body (the
 * object without its closing brace), then `commentaries` and `performers`, a part not asked for being `[]`. Each
 * store joins in its own medium — strings for the routes' single events (assembleEventJson), bytes for the
 * PostgreSQL store's reads, SQL for the SQLite store's (which joins in its statement, so that an event reaches
 * JavaScript as one buffer) — each by calling this with its own kind of piece.
 */

/** Literal text of the join, in the caller's medium (a string, a buffer, a quoted SQL literal). */
export type EventJsonLiteral<T> = (text: string) => T;

/**
 * The pieces of an event's JSON object, in order. `commentaries` / `performers` are null when not asked for (or not
 * read) and then become the literal `[]`.
 */
export function eventJsonPieces<T>(
  body: T,
  commentaries: T | null,
  performers: T | null,
  literal: EventJsonLiteral<T>,
): T[] {
  return [
    body,
    literal(',"commentaries":'),
    commentaries ?? literal('[]'),
    literal(',"performers":'),
    performers ?? literal('[]'),
    literal('}'),
  ];
}

/** A SQL string literal (for statements built from eventJsonPieces). */
export const sqlTextLiteral: EventJsonLiteral<string> = (text) => `'${text.replaceAll("'", "''")}'`;

const literalBuffers = new Map<string, Buffer>();

/** The join's literal text as UTF-8 bytes, made once per text. */
export const bufferLiteral: EventJsonLiteral<Buffer> = (text) => {
  let bytes = literalBuffers.get(text);
  if (!bytes) {
    bytes = Buffer.from(text, 'utf8');
    literalBuffers.set(text, bytes);
  }
  return bytes;
};
