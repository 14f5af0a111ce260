'use client';

import dynamic from 'next/dynamic';
import { useRef, useState, type ReactNode } from 'react';
import { useEarlyClicks } from '@/components/ui/use-early-clicks';
import type { MiniMapPoint } from './mini-map';
import styles from './record-page.module.css';

// MapLibre and its stylesheet load only when asked for.
const MiniMap = dynamic(() => import('./mini-map').then((m) => m.MiniMap), { ssr: false });

export interface InteractiveMapToggleProps {
  points: MiniMapPoint[];
  /** One venue's zoom, as the drawn map framed it. */
  zoom?: number;
  label: string;
  buttonLabel: string;
  mapStyleUrl: string | undefined;
  /** The drawn map shown until then (server-rendered). */
  children: ReactNode;
}

/** The drawn map, and a button that swaps it for the interactive MapLibre map in the same box. */
export function InteractiveMapToggle({
  points,
  zoom,
  label,
  buttonLabel,
  mapStyleUrl,
  children,
}: InteractiveMapToggleProps) {
  const [interactive, setInteractive] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEarlyClicks(box);
  return (
    <div ref={box} className={styles.recordMap} data-early-clicks="">
      {interactive ? (
        <MiniMap points={points} zoom={zoom} label={label} mapStyleUrl={mapStyleUrl} interactive />
      ) : (
        children
      )}
      {!interactive && (
        <button type="button" className={styles.recordMapButton} onClick={() => setInteractive(true)}>
          {buttonLabel}
        </button>
      )}
    </div>
  );
}
