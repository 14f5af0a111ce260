'use client';

import { useEffect, useRef } from 'react';

/**
 * Calls `locate` once, on arrival, when the browser already grants this page the visitor's position (a visitor who
 * allowed it before): no prompt is shown then. Otherwise nothing happens until the visitor asks ("Near me"), since a
 * prompt nobody asked for is refused by many visitors and blocked by some browsers in frames.
 */
export function useLocateIfGranted(enabled: boolean, locate: () => void): void {
  const latest = useRef(locate);
  useEffect(() => {
    latest.current = locate;
  });
  useEffect(() => {
    if (!enabled || !navigator.permissions) return;
    let active = true;
    navigator.permissions.query({ name: 'geolocation' }).then(
      (status) => {
        if (active && status.state === 'granted') latest.current();
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [enabled]);
}
