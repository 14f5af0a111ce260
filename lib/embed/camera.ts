/** The camera (centre and zoom) that shows an area whole in a box of `width`×`height` pixels. */
export function cameraFitting(
  area: { west: number; south: number; east: number; north: number },
  width: number,
  height: number,
): { lat: number; lng: number; zoom: number } {
  const lng = (area.west + area.east) / 2;
  const lat = (area.south + area.north) / 2;
  // Web Mercator: 512 px span 360° at zoom 0; latitudes stretch by 1 / cos(lat).
  const zoomLng = Math.log2((width * 360) / (512 * (area.east - area.west)));
  const zoomLat = Math.log2((height * 360 * Math.cos((lat * Math.PI) / 180)) / (512 * (area.north - area.south)));
  return { lat, lng, zoom: Math.min(18, Math.max(1, Math.min(zoomLng, zoomLat))) };
}
