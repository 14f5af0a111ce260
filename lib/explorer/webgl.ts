import 'client-only';
let cached: boolean | undefined;

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
