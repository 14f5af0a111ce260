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

/** The cell of the point and its neighbours within `radius` cells (3 × 3 by default). */
export function nearbyCellTokens(lng: number, lat: number, radius = 1): string[] {
  const x = Math.trunc((lng + 180) * CELLS_PER_DEGREE);
  const y = Math.trunc((lat + 90) * CELLS_PER_DEGREE);
  const maxX = 360 * CELLS_PER_DEGREE;
  const tokens: string[] = [];
  for (let dx = -radius; dx <= radius; dx++) {
    for (let dy = -radius; dy <= radius; dy++) {
      const cy = y + dy;
      if (cy < 0 || cy > 180 * CELLS_PER_DEGREE) continue;
      const cx = (((x + dx) % maxX) + maxX) % maxX; // wraps at the antimeridian
      tokens.push(`zc${cx}x${cy}`);
    }
  }
  return tokens;
}
