'use client';

import { useState } from 'react';
import type { Camera } from '@/lib/explorer/state';

/** The zoom "near me" shows: a neighbourhood. */
const NEAR_ME_ZOOM = 13;

/**
 * "Near me": asks the browser for the visitor's position and moves there, or says why it could not (refused,
 * unavailable) in the messages given.
 */
export function useNearMe(moveTo: (camera: Camera) => void, messages: { denied: string; unavailable: string }) {
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage(messages.unavailable);
      return;
    }
    setLocating(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        moveTo({ lng: position.coords.longitude, lat: position.coords.latitude, zoom: NEAR_ME_ZOOM });
      },
      (error) => {
        setLocating(false);
        setMessage(error.code === error.PERMISSION_DENIED ? messages.denied : messages.unavailable);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  return { locating, message, locate };
}
