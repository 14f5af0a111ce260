/**
 * How the basemap ranks and sizes place names, shared by the vector tiles' build (scripts/lib/place-tiles.ts), the
 * style (basemap-style.ts) and the server's drawing of the map (static-map.ts), so all three name the same places
 * at the same size.
 */

/** The least population a place needs to be named at each zoom (index = zoom; the last applies beyond). */
export const PLACE_MIN_POPULATION = [1e6, 1e6, 1e6, 5e5, 2e5, 8e4, 3e4, 1e4, 0] as const;

/** The zoom below which no place is named. */
export const PLACE_LABELS_MINZOOM = 4;

/** Text sizes in pixels by zoom, each by population: [population, size] stops, linear in between. */
export const PLACE_LABEL_SIZES: readonly (readonly [zoom: number, stops: readonly (readonly [number, number])[]])[] = [
  [
    4,
    [
      [1_000, 9],
      [100_000, 11],
      [1_000_000, 13],
    ],
  ],
  [
    10,
    [
      [1_000, 11],
      [100_000, 14],
      [1_000_000, 18],
    ],
  ],
  [
    14,
    [
      [1_000, 13],
      [100_000, 16],
      [1_000_000, 20],
    ],
  ],
];

export function minPopulationAt(zoom: number): number {
  const index = Math.max(0, Math.min(PLACE_MIN_POPULATION.length - 1, Math.floor(zoom)));
  return PLACE_MIN_POPULATION[index]!;
}

function interpolate(stops: readonly (readonly [number, number])[], x: number): number {
  const first = stops[0]!;
  if (x <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [x1, y1] = stops[i]!;
    const [x0, y0] = stops[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return stops[stops.length - 1]![1];
}

/** The text size MapLibre gives a place of `population` at `zoom` (the style's expression, evaluated). */
export function placeLabelSize(zoom: number, population: number): number {
  const bySize = PLACE_LABEL_SIZES.map(([z, stops]) => [z, interpolate(stops, population)] as const);
  return interpolate(bySize, zoom);
}
