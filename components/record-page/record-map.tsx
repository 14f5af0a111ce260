import type { Locale } from '@/lib/i18n/config';
import type { MiniMapPoint } from './mini-map';
import { InteractiveMapToggle } from './interactive-map-toggle';
import { drawVenue, StaticMap } from './static-map';

export interface RecordMapProps {
  points: MiniMapPoint[];
  label: string;
  buttonLabel: string;
  mapStyleUrl: string | undefined;
  /** The language the drawn map names places in. */
  locale: Locale;
}

/** A record page's map: drawn on the server, interactive (MapLibre) on demand. */
export function RecordMap({ points, label, buttonLabel, mapStyleUrl, locale }: RecordMapProps) {
  const only = points.length === 1 ? points[0] : undefined;
  const venue = only ? drawVenue(only, locale) : undefined;
  return (
    <InteractiveMapToggle
      points={points}
      zoom={venue?.zoom}
      label={label}
      buttonLabel={buttonLabel}
      mapStyleUrl={mapStyleUrl}
    >
      <StaticMap points={points} label={label} locale={locale} venue={venue} />
    </InteractiveMapToggle>
  );
}
