import { haversineMeters } from '@/partner-api/geo';
import { foldText } from '@/partner-api/search/normalize';

/*
 * The matching rule (docs/ingestion.md "Matching"): two source records of different partners describe the same event
 * when their venues match, their starts are close and their titles are similar. Every threshold is here.
 */

/** Two venues whose coordinates are at most this far apart are the same venue. */
export const VENUE_DISTANCE_M = 150;
/** Two starts at most this far apart are the same show (doors vs curtain); two shows 1 h 30 apart stay two events. */
export const START_TOLERANCE_MS = 45 * 60_000;
/** Titles whose significant words overlap at least this much (Jaccard) are similar. */
export const TITLE_JACCARD = 0.6;

/** Words that say nothing about which event it is (French and English articles, linking words, "concert"…). */
const STOPWORDS = new Set(
  (
    'le la les l un une des de du d et en au aux a à the an and of at in on with avec par pour sur ' +
    'concert concerts live show spectacle presente presents feat ft featuring vs tour tournee'
  ).split(' '),
);

/** Significant words of a text: folded (case, accents, ligatures), punctuation split, stopwords dropped. */
export function significantWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOPWORDS.has(word));
}

/** A venue's name and town, normalized: the key two partners' spellings of one venue share. */
export function venueKey(name: string, city: string): string {
  const words = significantWords(name).sort();
  const town = significantWords(city.replace(/\b\d+(e|er|eme|ème)?\b/giu, '')).join(' ');
  return `${words.join(' ')}|${town}`;
}

const HOUR_MS = 3_600_000;
/** Venue cells of the candidates' search: 0.01° (~1.1 km north–south, ~0.7 km east–west in France) ≫ 150 m. */
const CELL_DEGREES = 0.01;

/**
 * The keys under which a stored record is found as a candidate: its start hour and its venue's cell. `matchKey` is a
 * record's own; `neighbourKeys` are those to look under for a new record (the hours either side and the cells
 * around), so every record within the start tolerance and the venue distance is among the candidates.
 */
export function matchKey(startMs: number, lng: number, lat: number): string {
  return `${Math.floor(startMs / HOUR_MS)}:${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;
}

export function neighbourKeys(startMs: number, lng: number, lat: number): string[] {
  const hour = Math.floor(startMs / HOUR_MS);
  const y = Math.floor(lat / CELL_DEGREES);
  const x = Math.floor(lng / CELL_DEGREES);
  const keys: string[] = [];
  for (let h = hour - 1; h <= hour + 1; h++) {
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) keys.push(`${h}:${y + dy}:${x + dx}`);
  }
  return keys;
}

/** What the rule compares of a record. */
export interface MatchView {
  name: string;
  startMs: number;
  venueName: string;
  city: string;
  lng: number | null;
  lat: number | null;
  mapPlaceId: string | null;
  performers: readonly string[];
  /** The event's own identifier shared by the partners (the record's `sameAs`), or null. */
  sameAs: string | null;
}

export function sameVenue(a: MatchView, b: MatchView): boolean {
  if (a.mapPlaceId && b.mapPlaceId && a.mapPlaceId === b.mapPlaceId) return true;
  if (venueKey(a.venueName, a.city) === venueKey(b.venueName, b.city)) return true;
  if (a.lng !== null && a.lat !== null && b.lng !== null && b.lat !== null) {
    return haversineMeters(a.lng, a.lat, b.lng, b.lat) <= VENUE_DISTANCE_M;
  }
  return false;
}

export function sameStart(a: MatchView, b: MatchView): boolean {
  return Math.abs(a.startMs - b.startMs) <= START_TOLERANCE_MS;
}

/**
 * The title's words without the venue's and the town's (a partner may write "Jazz à Vienne — Théâtre antique" where
 * another writes "Jazz à Vienne"); the plain words when that would leave nothing.
 */
function titleWords(view: MatchView): Set<string> {
  const all = significantWords(view.name);
  const noise = new Set([...significantWords(view.venueName), ...significantWords(view.city)]);
  const kept = all.filter((w) => !noise.has(w));
  return new Set(kept.length > 0 ? kept : all);
}

/**
 * Whether two titles name the same event: same words in any order, or one's words all within the other's (a leading
 * or trailing artist or tour name), or a word overlap of at least TITLE_JACCARD. Accents, case and punctuation never
 * count.
 */
export function similarTitles(a: MatchView, b: MatchView): boolean {
  const wa = titleWords(a);
  const wb = titleWords(b);
  if (wa.size === 0 || wb.size === 0) return false;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common += 1;
  if (common === 0) {
    // "Orelsan" vs "Civilisation Tour": the performer named by one is the other's title.
    return performerNamed(a, wb) || performerNamed(b, wa);
  }
  if (common === Math.min(wa.size, wb.size)) return true;
  return common / (wa.size + wb.size - common) >= TITLE_JACCARD;
}

function performerNamed(view: MatchView, words: Set<string>): boolean {
  return view.performers.some((p) => {
    const pw = significantWords(p);
    return pw.length > 0 && pw.every((w) => words.has(w));
  });
}

/**
 * The whole rule: same venue, same start (within tolerance), similar titles. Two records that both name the event
 * they describe (`sameAs`) are grouped by it alone: the same value is the same event, two values are two events,
 * however alike their venue, start and title (two shows a partner tells apart though the rule could not).
 */
export function sameEvent(a: MatchView, b: MatchView): boolean {
  if (a.sameAs !== null && b.sameAs !== null) return a.sameAs === b.sameAs;
  return sameStart(a, b) && sameVenue(a, b) && similarTitles(a, b);
}
