/**
 * Geographic cell tokens: the index stores one per event and place (`zc<x>x<y>`, cells of 0.25° × 0.25°, about
 * 28 × 18 km in France), so that "near the point" is a term of the MATCH expression. Must match the SQL of
 * migration 003.
 */

const CELLS_PER_DEGREE = 4;

/** True for index terms that are cell tokens (they are never offered as typo candidates). */
export function isCellToken(term: string): boolean {
  return /^zc\d+x\d+$/.test(term);
}

/** The cell token of a position. */
export function cellToken(lng: number, lat: number): string {
  return `zc${Math.trunc((lng + 180) * CELLS_PER_DEGREE)}x${Math.trunc((lat + 90) * CELLS_PER_DEGREE)}`;
}

/**
 * The 2 × 2 block of cells around the point: its own cell and the neighbours on the sides it is closest to, so
 * the block reaches at least half a cell (about 14 km east-west, 14 km north-south in France) from the point.
 */
export function nearbyCellTokens(lng: number, lat: number): string[] {
  const fx = (lng + 180) * CELLS_PER_DEGREE;
  const fy = (lat + 90) * CELLS_PER_DEGREE;
  const x = Math.trunc(fx);
  const y = Math.trunc(fy);
  const maxX = 360 * CELLS_PER_DEGREE;
  const xs = [x, fx - x < 0.5 ? x - 1 : x + 1].map((cx) => ((cx % maxX) + maxX) % maxX); // wraps at the antimeridian
  const ys = [y, fy - y < 0.5 ? y - 1 : y + 1].filter((cy) => cy >= 0 && cy <= 180 * CELLS_PER_DEGREE);
  return xs.flatMap((cx) => ys.map((cy) => `zc${cx}x${cy}`));
}
