import { securityHeaders } from './lib/http/security-headers.mjs';

export { securityHeaders };

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next's built-in gzip runs at a fixed level on every answer: for a 300 KB page of events it costs more than the
  // query itself (docs/design.md §5). Compression is left to the reverse proxy or CDN in front, at a cheap level.
  compress: false,
  // The web app never imports the service's native module, but a stray server import must not be bundled.
  serverExternalPackages: ['better-sqlite3'],
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
