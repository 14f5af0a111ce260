import { securityHeaders } from './lib/http/security-headers.mjs';

export { securityHeaders };

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next's built-in gzip runs at a fixed level on every answer: for a 300 KB page of events it costs more than the
  // query itself (docs/design.md §5). The production server (scripts/web-server.ts) compresses instead: static files
  // once, at build time, and dynamic answers at a cheap level.
  compress: false,
  // The web app never imports the service's native module, but a stray server import must not be bundled.
  // prom-client: one copy in the process, shared with the web server script that serves the metrics (lib/observability).
  serverExternalPackages: ['better-sqlite3', 'prom-client'],
  // `npm test` type-checks the whole repository (`tsc --noEmit`) before it builds: the build's own pass over the same
  // files took minutes of the suite on a loaded two-core machine (docs/testing.md). A build on its own still checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  // Browsers and tools that ask for /favicon.ico without reading the page's <link rel="icon"> get the SVG favicon.
  async rewrites() {
    return [{ source: '/favicon.ico', destination: '/icon.svg' }];
  },
  async headers() {
    const production = process.env.NODE_ENV === 'production';
    return [
      // Every page but the embed denies framing.
      { source: '/:path((?!embed$).*)', headers: securityHeaders(production) },
      // The embed's CSP (frame-ancestors from the brand, read at run time) is set by proxy.ts.
      { source: '/embed', headers: securityHeaders(production, { embed: true }) },
    ];
  },
};

export default nextConfig;
