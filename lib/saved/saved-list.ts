/**
 * The visitor's saved events, kept on the device (no account): what a card showed when it was saved, enough to list
 * it offline and in date order; its current state (cancelled, sold out, passed) is asked of the catalogue when shown.
 */
export interface SavedEvent {
  id: number;
  name: string;
  /** Wire dates (`YYYY-MM-DD hh:mm +hhmm`), as the card had them. */
  start: string;
  end: string;
  place: string;
  city?: string;
}

/** The localStorage key (versioned: a later shape gets a new key rather than misreading this one). */
export const SAVED_KEY = 'eventmap:saved:v1';
/** More than a shortlist is a mistake (or an attack on the storage quota): the oldest saves go first. */
export const SAVED_MAX = 200;

function isSaved(value: unknown): value is SavedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isSafeInteger(v.id) &&
    v.id > 0 &&
    typeof v.name === 'string' &&
    typeof v.start === 'string' &&
    typeof v.end === 'string' &&
    typeof v.place === 'string' &&
    (v.city === undefined || typeof v.city === 'string')
  );
}

/** The stored list, read defensively: anything malformed (another version, a hand edit) is left out, not thrown. */
export function parseSaved(raw: string | null): SavedEvent[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const seen = new Set<number>();
    return value.filter((v): v is SavedEvent => isSaved(v) && !seen.has(v.id) && (seen.add(v.id), true));
  } catch {
    return [];
  }
}

/** The list with the event added (at the end, replacing an older copy) or removed. */
export function toggleSaved(list: readonly SavedEvent[], event: SavedEvent, save: boolean): SavedEvent[] {
  const rest = list.filter((e) => e.id !== event.id);
  if (!save) return rest;
  const kept: SavedEvent = {
    id: event.id,
    name: event.name,
    start: event.start,
    end: event.end,
    place: event.place,
    ...(event.city && { city: event.city }),
  };
  return [...rest, kept].slice(-SAVED_MAX);
}

const WIRE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)? ?([+-]\d{2})(\d{2})$/;

/** Epoch ms of a wire date (NaN when unreadable). */
export function savedInstant(value: string): number {
  const m = WIRE.exec(value);
  return m ? Date.parse(`${m[1]}T${m[2]}${m[3]}:${m[4]}`) : Number.NaN;
}

/** Saved events in date order (soonest first; unreadable dates last), ties by name. */
export function inDateOrder(list: readonly SavedEvent[]): SavedEvent[] {
  const key = (e: SavedEvent) => {
    const t = savedInstant(e.start);
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  return [...list].sort((a, b) => key(a) - key(b) || a.name.localeCompare(b.name));
}

/** The query string of the saved events' calendar export (`/api/saved/calendar.ics?ids=…`). */
export function savedCalendarHref(list: readonly SavedEvent[]): string {
  return `/api/saved/calendar.ics?ids=${list.map((e) => e.id).join(',')}`;
}
