/**
 * Tracked links depend on the calling client, but event JSON is serialized once, at write time (docs/design.md §5).
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

// The serialized marker as UTF-8 bytes: `\u0001L`, the decimal source id, `\u0002` (JSON escapes, literally).
const MARKER_OPEN = Buffer.from('\\u0001L', 'latin1');
const MARKER_CLOSE = Buffer.from('\\u0002', 'latin1');
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * The byte-level twin of `renderLinkMarkers`, for UTF-8 JSON read from the store as bytes: appends to `out` the
 * slices of `json` between markers and, in place of each marker, its source id (the caller swaps those for links,
 * all of a page's new ones signed together), and returns the bytes of the slices appended.
 * Working on bytes spares a page of events the UTF-8 decode, the regex pass and the UTF-8 encode of the string
 * route (most of a page's cost, measured); the markers are ASCII, so no multi-byte character can be split.
 */
export function appendLinkMarkerSlices(json: Buffer, out: (Buffer | number)[]): number {
  let copied = 0;
  let total = 0;
  let at = json.indexOf(MARKER_OPEN, 0);
  while (at !== -1) {
    let end = at + MARKER_OPEN.length;
    let id = 0;
    const digits = end;
    for (let byte = json[end]; byte !== undefined && byte >= DIGIT_0 && byte <= DIGIT_9; byte = json[++end]) {
      id = id * 10 + (byte - DIGIT_0);
    }
    if (end > digits && hasAt(json, MARKER_CLOSE, end)) {
      if (at > copied) {
        out.push(json.subarray(copied, at));
        total += at - copied;
      }
      out.push(id);
      copied = end + MARKER_CLOSE.length;
      at = json.indexOf(MARKER_OPEN, copied);
    } else {
      at = json.indexOf(MARKER_OPEN, at + 1);
    }
  }
  if (copied < json.length) {
    out.push(copied === 0 ? json : json.subarray(copied));
    total += json.length - copied;
  }
  return total;
}

function hasAt(haystack: Buffer, needle: Buffer, at: number): boolean {
  if (at + needle.length > haystack.length) return false;
  for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) return false;
  return true;
}
