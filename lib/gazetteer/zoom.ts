/**
 * The zoom that shows a town whole: about 11 for a city of a million, 12 for 30 000, 13 for a village.
 * Population stands in for area, which the gazetteer does not carry.
 */
export function zoomForPopulation(population: number): number {
  const zoom = 15.5 - 0.75 * Math.log10(Math.max(population, 1000));
  return Math.round(Math.min(13.5, Math.max(10.5, zoom)) * 4) / 4;
}
