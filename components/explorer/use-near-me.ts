'use client';

import { useState, useSyncExternalStore, type RefObject } from 'react';
import { cameraAround } from '@/lib/embed/near';
import type { Bounds } from '@/lib/explorer/bounds';
import type { Camera } from '@/lib/explorer/state';
import { boundsContain, type Position } from '@/lib/map/you-are-here';

/** The zoom "near me" shows when no radius is set: a neighbourhood. */
const NEAR_ME_ZOOM = 13;

export interface NearMeFrame {
  /** The radius to show around the position, in km (the embed's `near`); null: a neighbourhood. */
  radiusKm: number | null;
  /** A locked area: a position outside it is not shown (the map is held inside the area). */
  area: Bounds | null;
  /** The map's box, to fit the radius in it. */
  mapBox: RefObject<HTMLElement | null>;
}

export interface NearMeMessages {
  denied: string;
  unavailable: string;
  outside: string;
}

const noSubscribe = () => () => {};

/**
 * Whether asking can work at all here: the API exists, the page is a secure context (browsers refuse the position to
 * plain-HTTP pages other than localhost) and, in a frame, the host page's permissions policy delegates it
 * (`allow="geolocation"`; Chromium tells, other browsers answer the request with an error instead).
 */
function canAskPosition(): boolean {
  if (!('geolocation' in navigator) || !window.isSecureContext) return false;
  const policy = (document as { featurePolicy?: { allowsFeature: (feature: string) => boolean } }).featurePolicy;
  return policy ? policy.allowsFeature('geolocation') : true;
}

/** The camera that shows the position: the frame's radius fitted to the map's box, or a neighbourhood. */
function cameraFor(position: Position, frame: NearMeFrame): Camera {
  if (frame.radiusKm === null) return { lng: position.lng, lat: position.lat, zoom: NEAR_ME_ZOOM };
  const box = frame.mapBox.current;
  const width = box && box.clientWidth > 0 ? box.clientWidth : 600;
  const height = box && box.clientHeight > 0 ? box.clientHeight : 450;
  return cameraAround(position, frame.radiusKm, width, height);
}

/**
 * "Near me": asks the browser for the visitor's position and moves there, or says why it could not (refused,
 * unavailable, outside the locked area) in the messages given. `usable` is false where asking cannot work.
 */
export function useNearMe(moveTo: (camera: Camera) => void, messages: NearMeMessages, frame: NearMeFrame) {
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const usable = useSyncExternalStore(noSubscribe, canAskPosition, () => false);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage(messages.unavailable);
      return;
    }
    setLocating(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setLocating(false);
        const { longitude: lng, latitude: lat, accuracy } = found.coords;
        const here = { lng, lat, accuracy };
        if (frame.area && !boundsContain(frame.area, here)) {
          setMessage(messages.outside);
          return;
        }
        setPosition(here);
        moveTo(cameraFor(here, frame));
      },
      (error) => {
        setLocating(false);
        setMessage(error.code === error.PERMISSION_DENIED ? messages.denied : messages.unavailable);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  return { locating, message, locate, position, usable };
}
