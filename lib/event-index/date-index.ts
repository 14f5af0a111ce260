/*
 * The index's date index: live slots in duration classes, each sorted by start, so the slots overlapping a window
 * are, per class, one range found by two binary searches (an event of class k starting before
 * `minMs - SPAN_CLASSES_MS[k]` has ended before the window).
 */

/** Duration classes of the date index (ms): up to 6 hours, a day, 4 days, 16 days, 64 days, longer. */
export const SPAN_CLASSES_MS = [6, 24, 96, 384, 1536, Number.POSITIVE_INFINITY].map((hours) => hours * 3_600_000);

/** The duration class of a slot: the first SPAN_CLASSES_MS bound its event's duration fits in. */
export function spanClass(start: Float64Array, end: Float64Array, s: number): number {
  const duration = end[s]! - start[s]!;
  let k = 0;
  while (k < SPAN_CLASSES_MS.length - 1 && duration > SPAN_CLASSES_MS[k]!) k++;
  return k;
}

/** First index of `span` (sorted by start) whose start is > `ms` (or >= when `after` is false). */
export function startBound(start: Float64Array, span: Int32Array, ms: number, after: boolean): number {
  let lo = 0;
  let hi = span.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = start[span[mid]!]!;
    if (after ? v <= ms : v < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
