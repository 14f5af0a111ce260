/*
 * The web app's security headers, shared by next.config.mjs (every page, baked in at build time) and proxy.ts (the
 * embed route, whose frame-ancestors come from the brand at run time). Plain JS so next.config.mjs can import it.
 */

/**
 * The Content-Security-Policy value; `frameAncestors` is `'none'` everywhere but the embed route.
 * @param {boolean} production
 * @param {string} [frameAncestors]
 * @returns {string}
 */
export function contentSecurityPolicy(production, frameAncestors = "'none'") {
  return [
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
    // The snippet page previews the embed in a same-origin frame.
    "child-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * Security headers of a web app response. For the embed route (`embed: true`) the CSP and X-Frame-Options are left
 * to proxy.ts, which allows the brand's embedding origins; every other page denies framing.
 * @param {boolean} production
 * @param {{ embed?: boolean }} [options]
 * @returns {{ key: string, value: string }[]}
 */
export function securityHeaders(production, { embed = false } = {}) {
  return [
    ...(embed
      ? []
      : [
          { key: 'Content-Security-Policy', value: contentSecurityPolicy(production) },
          { key: 'X-Frame-Options', value: 'DENY' },
        ]),
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    // Geolocation is asked for by "Near me" (opt-in); nothing else needs device access.
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
    // Only in production: browsers ignore HSTS over plain http, and a developer's localhost must not be pinned.
    ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
  ];
}
