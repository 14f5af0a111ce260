import 'client-only';

/** The emoji drawn to tell a colour emoji font from none: a category icon's. */
const PROBE = '🎵';
const SIZE = 16;

/** What the probe needs of a 2D canvas context: the page's and a worker's OffscreenCanvas both have it. */
type ProbeContext = Pick<CanvasRenderingContext2D, 'textBaseline' | 'font' | 'fillText' | 'getImageData'>;

/**
 * Whether the system draws colour emoji: a colour glyph leaves coloured pixels, a missing one grey (or none). Drawing
 * a glyph no font has makes the browser search every installed font for it, which took ~90 ms of a page's main
 * thread on a Linux desktop without an emoji font (~350 ms under Lighthouse's 4× slowdown): the page runs it in a
 * worker where it can (components/ui/emoji-support.tsx).
 */
export function drawsColourEmoji(ctx: ProbeContext | null): boolean {
  if (!ctx) return true;
  ctx.textBaseline = 'top';
  ctx.font = '14px sans-serif';
  ctx.fillText(PROBE, 0, 0);
  const data = ctx.getImageData(0, 0, SIZE, SIZE).data;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a > 0 && (Math.abs(r - g) > 20 || Math.abs(g - b) > 20)) return true;
  }
  return false;
}

/** The probe's canvas: an OffscreenCanvas where there is one (in a worker, the only kind), else a detached element. */
export function probeContext(): ProbeContext | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    return new OffscreenCanvas(SIZE, SIZE).getContext('2d', { willReadFrequently: true });
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  return canvas.getContext('2d', { willReadFrequently: true });
}
