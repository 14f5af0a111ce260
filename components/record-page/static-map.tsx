import 'server-only';
import type { Locale } from '@/lib/i18n/config';
import { serverGazetteer } from '@/lib/gazetteer/load';
import { BASEMAP_COLORS } from '@/lib/map/basemap-style';
import { minPopulationAt } from '@/lib/map/place-labels';
import {
  backdropBox,
  drawStaticMap,
  drawVenueMap,
  type MapBackdropPlace,
  type MapCamera,
  type StaticMapPoint,
  type VenueMapDrawing,
  type VenueMapLayout,
} from '@/lib/map/static-map';
import styles from './record-page.module.css';

/** The several points' drawing (a performer's venues), fitted with a margin and cut to its box. */
const WIDTH = 640;
const HEIGHT = 280;
/**
 * The venue's box (record-page.module.css: `.recordMap` is 220 px tall, as wide as its column): from ~240 px on a
 * small phone's event page to ~850 px in one column on a tablet. The drawing is as wide as the widest, centred and cut
 * at the sides, and each name is shown only in the boxes that hold it whole and clear of the "Interactive map" button
 * (~152 × 37 px in French, 8 px from the corner).
 */
const VENUE_LAYOUT: VenueMapLayout = {
  // Neighbourhood scale, a town's at most: the district and the towns around are named, the coast drawn.
  zooms: [12, 11, 10],
  height: 220,
  boxWidths: [240, 280, 320, 360, 400, 440, 520, 600, 680, 760, 880],
  corner: { width: 176, height: 52 },
  pinRadius: 11,
};

/** Hides each name in the boxes too narrow to hold it (the venue map's box is a size container). */
const VENUE_LABEL_RULES = VENUE_LAYOUT.boxWidths
  .slice(1)
  .map((w) => `@container (width < ${w}px) { .${styles.staticMap} [data-from-width="${w}"] { display: none } }`)
  .join('\n');

function placesAround(camera: MapCamera, width: number, height: number, locale: Locale): MapBackdropPlace[] {
  try {
    const box = backdropBox(camera, width, height);
    return serverGazetteer().largestWithin(box, minPopulationAt(camera.zoom), 200, locale);
  } catch (error) {
    // A build without the gazetteer (npm run build:gazetteer) draws the map without names.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** One venue's drawing: its zoom is the interactive map's too, so that opening it keeps the frame. */
export function drawVenue(point: StaticMapPoint, locale: Locale): VenueMapDrawing {
  return drawVenueMap(point, (camera, width, height) => placesAround(camera, width, height, locale), VENUE_LAYOUT);
}

function Pin({ x, y }: { x: number; y: number }) {
  return <circle cx={x} cy={y} r={7} fill="#e63946" stroke="#ffffff" strokeWidth={2.5} data-testid="static-map-pin" />;
}

/**
 * A record's location drawn on the server as SVG from the offline basemap's data: it is in the page's HTML, costs no
 * script and no request, and never shifts the layout. One venue is shown at neighbourhood scale (the names of its
 * district and neighbours, the coast); several points (a performer's venues) are fitted together.
 */
export function StaticMap({
  points,
  label,
  locale,
  venue,
}: {
  points: StaticMapPoint[];
  label: string;
  /** The language the places are named in. */
  locale: Locale;
  /** With one point: its drawing (drawVenue), when the caller needs its zoom too. */
  venue?: VenueMapDrawing;
}) {
  const only = points.length === 1 ? points[0] : undefined;
  if (only) {
    const map = venue ?? drawVenue(only, locale);
    return (
      <svg
        className={styles.staticMap}
        viewBox={`0 0 ${map.width} ${map.height}`}
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={label}
        data-testid="static-map"
        data-zoom={map.zoom}
      >
        <style>{VENUE_LABEL_RULES}</style>
        <rect width={map.width} height={map.height} fill={BASEMAP_COLORS.water} />
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
            data-from-width={l.fromWidth}
          >
            {l.name}
          </text>
        ))}
        <Pin x={map.width / 2} y={map.height / 2} />
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
