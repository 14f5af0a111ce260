import 'client-only';
let cached: boolean | undefined;

/**
 * Whether this browser has the WebGL API at all: a property read, free. The explorer lays out its map on this and
 * leaves the real probe (`hasWebGl`) to the moment the map starts: creating a context is a synchronous round trip to
 * the GPU process (tens of milliseconds on a phone, hundreds in a software renderer), which at hydration was the
 * home page's longest task.
 */
export function hasWebGlApi(): boolean {
  return typeof WebGLRenderingContext === 'function';
}

/** Whether this browser can give MapLibre a WebGL context (probed once, before the map chunk is loaded). */
export function hasWebGl(): boolean {
  if (cached !== undefined) return cached;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    // Free the probe's context at once: browsers cap the number of live contexts.
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    cached = gl !== null;
  } catch {
    cached = false;
  }
  return cached;
}
