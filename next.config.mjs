/**
 * Security headers of every web app response. A function of the environment so the test can check both modes;
 * Next evaluates `headers()` at build time, so `next build` (NODE_ENV=production) bakes the production set in.
 * @param {boolean} production
 */
export function securityHeaders(production) {
  const csp = [
    "default-src 'self'",
    // Next's App Router inlines its bootstrap scripts (no nonce without dynamic rendering of every page); dev mode
    // also evaluates code for fast refresh.
    `script-src 'self' 'unsafe-inline'${production ? '' : " 'unsafe-eval'"}`,
    // React and MapLibre set style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Event, place and performer images come from the Partner API's own origin, which the build cannot know.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    // MapLibre fetches its style and tiles (from public/ by default, or MAP_STYLE_URL's hosts) and runs blob: workers.
    `connect-src 'self' https: blob: data:${production ? '' : ' ws: wss:'}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    // Geolocation is asked for by "Near me" (opt-in); nothing else needs device access.
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
    // Only in production: browsers ignore HSTS over plain http, and a developer's localhost must not be pinned.
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
  ];
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next's built-in gzip runs at a fixed level on every answer: for a 300 KB page of events it costs more than the
  // query itself (DESIGN §5). Compression is left to the reverse proxy or CDN in front, at a cheap level.
  compress: false,
  // The web app never imports the service's native module, but a stray server import must not be bundled.
  serverExternalPackages: ['better-sqlite3'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders(process.env.NODE_ENV === 'production') }];
  },
};

export default nextConfig;
