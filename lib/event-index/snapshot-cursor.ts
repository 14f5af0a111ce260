/** Where a snapshot page's scan ended: the next page's scan resumes there (see PageWalk.snapshotCursors in walk.ts). */
export interface SnapshotCursor {
  order: Int32Array;
  byEnd: Int32Array;
  now: number;
  passed: number;
  count: number;
  position: number;
}

/**
 * Snapshot cursors kept: the page a walker asks for next resumes from the one its previous page left, even when the
 * page after it was computed in between (a read ahead) or other walks are under way.
 */
export const SNAPSHOT_CURSORS = 4;
