/**
 * The directions link of a place: the DIRECTIONS_URL template (by default OpenStreetMap, a link a visitor may follow,
 * never loaded by the page) with `{lat}` and `{lng}` filled; null when the operator turned the link off.
 */
export function directionsHref(template: string | null, lat: number, lng: number): string | null {
  if (template === null) return null;
  return template.replaceAll('{lat}', String(lat)).replaceAll('{lng}', String(lng));
}
