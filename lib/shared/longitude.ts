/**
 * A longitude brought into [-180, 180]: a map panned across the antimeridian reports longitudes past ±180 (190 is
 * -170). ±180 itself stays as it is, so a bound of exactly 180 keeps its side.
 */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
