/** How much of a phone's screen the list sheet covers: its handle and count, half the map, or all of it. */
export const SNAPS = ['peek', 'half', 'full'] as const;
export type Snap = (typeof SNAPS)[number];

/** A drag shorter than this (px) is a tap. */
const DRAG_THRESHOLD = 24;

/**
 * Where the sheet settles after its handle was dragged by `dy` pixels (negative: upwards). A tap (no real drag)
 * opens the sheet one step, and closes it to "peek" from "full".
 */
export function snapAfterDrag(current: Snap, dy: number): Snap {
  const i = SNAPS.indexOf(current);
  if (Math.abs(dy) < DRAG_THRESHOLD) return current === 'full' ? 'peek' : SNAPS[i + 1]!;
  // A long fling moves two steps.
  const steps = Math.abs(dy) > 240 ? 2 : 1;
  const next = dy < 0 ? Math.min(SNAPS.length - 1, i + steps) : Math.max(0, i - steps);
  return SNAPS[next]!;
}

/** The arrow keys on the handle move one step, like a drag. */
export function snapAfterKey(current: Snap, key: string): Snap | null {
  const i = SNAPS.indexOf(current);
  if (key === 'ArrowUp') return SNAPS[Math.min(SNAPS.length - 1, i + 1)]!;
  if (key === 'ArrowDown') return SNAPS[Math.max(0, i - 1)]!;
  return null;
}
