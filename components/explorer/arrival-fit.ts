import 'client-only';
import { areaCamera, EMBED_FRAMES } from '@/lib/embed/params';
import type { MapBox } from '@/lib/explorer/first-view';
import { parseArea } from '@/lib/explorer/preset';
import { sameCamera, type Camera } from '@/lib/explorer/state';

/**
 * The camera an embed's box (`fit=`, written with `at=` by the embed's redirect: lib/embed/params.ts) asks for on
 * arrival in the map's `box`, or null without a box. The server framed the box in a model of the frame of the device
 * it took the visitor's for, but an iframe's width is the host page's: a desktop page that gives the embed a narrow
 * column shows the phone's layout, with the list's sheet over the south half of the map (and a wide frame on a tablet
 * shows the desktop's). The URL's camera stands when it is the server's framing for the layout shown (the server's
 * drawing and answer are then this view's); otherwise the box is framed in the map's real box, clear of what covers
 * it.
 */
export function arrivalFit(urlCamera: Camera, box: MapBox): Camera | null {
  const area = parseArea(new URLSearchParams(window.location.search).get('fit'));
  if (!area) return null;
  const model = EMBED_FRAMES[box.insets.bottom > 0 ? 'phone' : 'desktop'];
  return sameCamera(areaCamera(area, model), urlCamera) ? urlCamera : areaCamera(area, box);
}
