/** Text formats worth compressing; images, fonts (woff2 is compressed already) and earlier copies are left alone. */
const COMPRESSIBLE = /\.(?:m?js|css|json|geojson|svg|txt|html|webmanifest|pbf|xml|wasm)$/i;

/** Whether the build writes pre-compressed copies of this file. */
export function precompressTargets(path: string): boolean {
  return COMPRESSIBLE.test(path);
}
