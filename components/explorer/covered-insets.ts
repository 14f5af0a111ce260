import 'client-only';
import { NO_INSETS, type Insets } from '@/lib/explorer/fit-camera';

/**
 * What the results panel covers of the map's box now, in CSS pixels from each edge: on a phone the sheet lies over the
 * bottom of the map (half open: half of it); on a desktop the list is beside the map and covers nothing. A sheet that
 * covers (nearly) all of the map leaves nothing to frame into: the map is then out of sight anyway.
 */
export function coveredInsets(map: HTMLElement | null, panel: HTMLElement | null): Insets {
  if (!map || !panel) return NO_INSETS;
  const m = map.getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  const width = Math.min(m.right, p.right) - Math.max(m.left, p.left);
  const height = Math.min(m.bottom, p.bottom) - Math.max(m.top, p.top);
  if (width <= 0 || height <= 0 || m.width === 0 || m.height === 0) return NO_INSETS;
  if (width >= m.width * 0.9 && height < m.height * 0.8) {
    // A sheet across the map: from the bottom (or, were it docked there, the top).
    return p.top > m.top ? { ...NO_INSETS, bottom: m.bottom - p.top } : { ...NO_INSETS, top: p.bottom - m.top };
  }
  if (height >= m.height * 0.9 && width < m.width * 0.8) {
    return p.left > m.left ? { ...NO_INSETS, right: m.right - p.left } : { ...NO_INSETS, left: p.right - m.left };
  }
  return NO_INSETS;
}

/**
 * What to frame results clear of: what the panel covers, and the map's credits while they are open — the live map's
 * (MapLibre shows its compact credits open until the first drag: on a phone two lines above the sheet, where the
 * lowest result of a search would land), or before it starts the drawn map's, where the live map's will open. Not part
 * of the view's bounds: what is under the credits still counts.
 */
export function framingInsets(map: HTMLElement | null, panel: HTMLElement | null): Insets {
  const insets = coveredInsets(map, panel);
  if (!map) return insets;
  const live = map.querySelector('.maplibregl-ctrl-attrib');
  const credits = live
    ? live.classList.contains('maplibregl-compact-show')
      ? live
      : null
    : map.querySelector('[data-map-credits]');
  if (!credits) return insets;
  const m = map.getBoundingClientRect();
  const c = credits.getBoundingClientRect();
  if (c.height === 0 || c.top <= m.top || c.top >= m.bottom) return insets;
  return { ...insets, bottom: Math.max(insets.bottom, m.bottom - c.top) };
}
