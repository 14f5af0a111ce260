import 'server-only';
import { serverGazetteer } from '@/lib/gazetteer/load';
import { BASEMAP_COLORS } from '@/lib/map/basemap-style';
import { minPopulationAt } from '@/lib/map/place-labels';
import {
  backdropBox,
  drawMapBackdrop,
  drawStaticMap,
  type MapBackdropPlace,
  type MapCamera,
  type StaticMapPoint,
} from '@/lib/map/static-map';
import styles from './record-page.module.css';

/** One venue is framed at neighbourhood scale: its district and the towns around it are named, the coast drawn. */
export const VENUE_ZOOM = 12;
const WIDTH = 640;
const HEIGHT = 280;

function placesAround(camera: MapCamera): MapBackdropPlace[] {
  try {
    return serverGazetteer().largestWithin(backdropBox(camera, WIDTH, HEIGHT), minPopulationAt(camera.zoom), 200);
  } catch (error) {
    // A build without the gazetteer (npm run build:gazetteer) draws the map without names.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function Pin({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y} r={7} fill="#e63946" stroke="#ffffff" strokeWidth={2.5} data-testid="static-map-pin" />;
}

/**
 * A record's location drawn on the server as SVG from the offline basemap's data: it is in the page's HTML, costs no
 * script and no request, and never shifts the layout. One venue is shown at neighbourhood scale (the names of its
 * district and neighbours, the coast); several points (a performer's venues) are fitted together.
 */
export function StaticMap({ points, label }: { points: StaticMapPoint[]; label: string }) {
  const only = points.length === 1 ? points[0] : undefined;
  if (only) {
    const camera = { lng: only.lng, lat: only.lat, zoom: VENUE_ZOOM };
    // Not a stand-in for the live map: a name may stand beside its town's point rather than be left out at an edge.
    const map = drawMapBackdrop(camera, [], placesAround(camera), WIDTH, HEIGHT, { namesBesidePoints: true });
    return (
      <svg
        className={styles.staticMap}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={label}
        data-testid="static-map"
        data-zoom={VENUE_ZOOM}
      >
        <rect width={WIDTH} height={HEIGHT} fill={BASEMAP_COLORS.water} />
        <path d={map.land} fill={BASEMAP_COLORS.land} stroke={BASEMAP_COLORS.coast} strokeWidth={1} />
        <path d={map.borders} fill="none" stroke={BASEMAP_COLORS.border} strokeWidth={1} strokeDasharray="3 2" />
        {map.labels.map((l) => (
          <text
            key={`${l.x},${l.y}`}
            x={l.x}
            y={l.y}
            fontSize={l.size}
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily="system-ui, sans-serif"
            fill={BASEMAP_COLORS.placeLabel}
            stroke={BASEMAP_COLORS.labelHalo}
            strokeWidth={3}
            paintOrder="stroke"
            aria-hidden="true"
          >
            {l.name}
          </text>
        ))}
        <Pin x={WIDTH / 2} y={HEIGHT / 2} />
      </svg>
    );
  }
  const map = drawStaticMap(points, WIDTH, HEIGHT);
  return (
    <svg
      className={styles.staticMap}
      viewBox={`0 0 ${map.width} ${map.height}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
      data-testid="static-map"
    >
      <rect width={map.width} height={map.height} fill={map.colors.water} />
      <path d={map.land} fill={map.colors.land} stroke={map.colors.coast} strokeWidth={1} />
      <path d={map.borders} fill="none" stroke={map.colors.border} strokeWidth={1} strokeDasharray="3 2" />
      {map.pins.map((pin) => (
        <Pin key={`${pin.x},${pin.y}`} x={pin.x} y={pin.y} />
      ))}
    </svg>
  );
}
