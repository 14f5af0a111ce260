'use client';

import { useDeferredValue, useEffect, useState } from 'react';
import styles from './snippet-builder.module.css';

/** How long the options must hold still before the preview reloads (panning the area map reports every stop). */
const SETTLE_MS = 400;

export interface EmbedPreviewProps {
  src: string;
  title: string;
  height: number;
  /** The embed follows the visitor's position: the frame may ask for it, as the snippet's frame may. */
  geolocation: boolean;
}

/** The embed as the snippet gives it, reloaded once the options settle. */
export function EmbedPreview({ src, title, height, geolocation }: EmbedPreviewProps) {
  const [settled, setSettled] = useState(src);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(src), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [src]);
  const shown = useDeferredValue(settled);
  return (
    <iframe
      key={shown}
      src={shown}
      title={title}
      className={styles.preview}
      style={{ height }}
      allow={geolocation ? 'fullscreen; geolocation' : 'fullscreen'}
      data-testid="embed-preview"
    />
  );
}
