/**
 * Tracked links depend on the calling client, but event JSON is serialized once, at write time (DESIGN §5).
 * So the stored JSON holds a marker where each `sources[].link` goes, and the response is finished by one
 * regex pass that swaps each marker for that client's tracked link.
 *
 * The marker is the JSON string value "\u0001L<sourceId>\u0002": JSON.stringify escapes control characters,
 * so the stored text holds the escape sequences literally, and no other string can produce them because text
 * written to the store has its C0 control characters removed (see `cleanText`).
 */

/** The value to put in `link` before `JSON.stringify`. */
export function linkMarkerValue(sourceId: number): string {
  return `\u0001L${sourceId}\u0002`;
}

/** Matches a serialized marker; group 1 is the source id. */
export const SERIALIZED_LINK_MARKER = /\\u0001L(\d+)\\u0002/g;

/** Removes C0 control characters except tab and newline from text bound for the store. */
export function cleanText(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** Replaces every link marker in serialized JSON with `render(sourceId)` (already JSON-safe text). */
export function renderLinkMarkers(json: string, render: (sourceId: number) => string): string {
  return json.replace(SERIALIZED_LINK_MARKER, (_match, id: string) => render(Number(id)));
}
