import type { MiniMapPoint } from './mini-map';
import { InteractiveMapToggle } from './interactive-map-toggle';
import { StaticMap } from './static-map';

export interface RecordMapProps {
  points: MiniMapPoint[];
  label: string;
  buttonLabel: string;
  mapStyleUrl: string | undefined;
}

/** A record page's map: drawn on the server, interactive (MapLibre) on demand. */
export function RecordMap({ points, label, buttonLabel, mapStyleUrl }: RecordMapProps) {
  return (
    <InteractiveMapToggle points={points} label={label} buttonLabel={buttonLabel} mapStyleUrl={mapStyleUrl}>
      <StaticMap points={points} label={label} />
    </InteractiveMapToggle>
  );
}
