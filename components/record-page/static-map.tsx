import { drawStaticMap, type StaticMapPoint } from '@/lib/map/static-map';
import styles from './record-page.module.css';

/**
 * A record's location drawn on the server as SVG (land, borders, pins) from the offline basemap's data: it is in the
 * page's HTML, costs no script and no request, and never shifts the layout.
 */
export function StaticMap({ points, label }: { points: StaticMapPoint[]; label: string }) {
  const map = drawStaticMap(points);
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
        <circle
          key={`${pin.x},${pin.y}`}
          cx={pin.x}
          cy={pin.y}
          r={7}
          fill="#e63946"
          stroke="#ffffff"
          strokeWidth={2.5}
          data-testid="static-map-pin"
        />
      ))}
    </svg>
  );
}
