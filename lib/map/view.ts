import type { Bounds } from '@/lib/explorer/bounds';
import type { Camera } from '@/lib/explorer/state';

/** What the map shows: its camera and the bounds that camera covers in the map's box. */
export interface MapView {
  camera: Camera;
  bounds: Bounds;
}

/** A camera move asked for from outside the map (history navigation, a chosen place, "near me"). */
export interface CameraRequest {
  camera: Camera;
  /** Changes with every request, so asking twice for the same camera still moves the map. */
  seq: number;
  animate: boolean;
}
