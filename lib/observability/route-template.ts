/*
 * The route template of a web request (`/events/[id]`), for metric labels: Next's own routes manifest of the build
 * names every page and route handler; anything else is a static file or unmatched. A bounded set, whatever the URL.
 */

/** The part of `.next/routes-manifest.json` read here. */
export interface RoutesManifest {
  staticRoutes?: Array<{ page: string; regex: string }>;
  dynamicRoutes?: Array<{ page: string; regex: string }>;
}

/** Returns a function from a request URL (path and query) to its route template. */
export function createRouteClassifier(manifest: RoutesManifest | null): (url: string) => string {
  const exact = new Map<string, string>();
  for (const route of manifest?.staticRoutes ?? []) exact.set(route.page, route.page);
  const dynamic = (manifest?.dynamicRoutes ?? []).map((route) => ({
    page: route.page,
    matcher: new RegExp(route.regex),
  }));
  return (url) => {
    const path = url.split('?', 1)[0] ?? '/';
    if (path.startsWith('/_next/static/')) return '/_next/static';
    if (path.startsWith('/_next/')) return '/_next';
    const page = exact.get(path) ?? exact.get(path.replace(/\/+$/, '') || '/');
    if (page !== undefined) return page;
    for (const route of dynamic) if (route.matcher.test(path)) return route.page;
    // Files of public/ (the basemap, MapLibre's modules) and anything no route takes.
    return /\.[a-z0-9]+$/i.test(path) ? 'static' : 'unmatched';
  };
}
