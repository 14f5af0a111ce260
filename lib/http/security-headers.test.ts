import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedResponse } from './embed-headers';

vi.mock('server-only', () => ({}));

/*
 * The web app's security headers (OWASP API8, security misconfiguration), as next.config.mjs hands them to Next for
 * every path: CSP, HSTS in production only, nosniff, Referrer-Policy, framing denied — except /embed, whose CSP
 * proxy.ts sets with the brand's allowed origins as frame-ancestors.
 */

type Header = { key: string; value: string };
type Config = { headers: () => Promise<{ source: string; headers: Header[] }[]> };

const originalNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  (process.env as Record<string, string | undefined>).NODE_ENV = originalNodeEnv;
});

async function rulesFor(nodeEnv: 'production' | 'development') {
  (process.env as Record<string, string | undefined>).NODE_ENV = nodeEnv;
  const path = '../../next.config.mjs';
  const config = ((await import(/* @vite-ignore */ path)) as { default: Config }).default;
  return config.headers();
}

/** The headers next.config.mjs gives one path (later rules override earlier ones, as in Next). */
async function headersFor(nodeEnv: 'production' | 'development', pathname = '/'): Promise<Map<string, string>> {
  const headers = new Map<string, string>();
  for (const rule of await rulesFor(nodeEnv)) {
    if (!getPathMatch(rule.source, { strict: true })(pathname)) continue;
    for (const header of rule.headers) headers.set(header.key.toLowerCase(), header.value);
  }
  return headers;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('web app security headers', () => {
  it('sends a restrictive CSP, nosniff, a referrer policy, no framing and HSTS in production', async () => {
    const headers = await headersFor('production');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(headers.get('strict-transport-security')!)![1])).toBeGreaterThanOrEqual(
      31_536_000,
    );
    const csp = directives(headers.get('content-security-policy')!);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // No eval and no script from any other origin in production.
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')!.every((source) => source.startsWith("'"))).toBe(true);
    // MapLibre's workers are blob: URLs.
    expect(csp.get('worker-src')).toContain('blob:');
    // Plain-http fetches (and websockets) are not allowed from a production page.
    expect(csp.get('connect-src')).not.toContain('http:');
    expect(csp.get('connect-src')).not.toContain('ws:');
  });

  it('leaves HSTS out of development and allows what fast refresh needs', async () => {
    const headers = await headersFor('development');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const csp = directives(headers.get('content-security-policy')!);
    expect(csp.get('script-src')).toContain("'unsafe-eval'");
    expect(csp.get('connect-src')).toContain('ws:');
  });
});

describe('framing', () => {
  it('is denied on every page but the embed', async () => {
    for (const pathname of ['/', '/events/1', '/places/abc', '/embed/snippet', '/embedded', '/api/events']) {
      const headers = await headersFor('production', pathname);
      expect(headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(directives(headers.get('content-security-policy')!).get('frame-ancestors'), pathname).toEqual(["'none'"]);
    }
  });

  it('is left to the proxy on /embed, which allows the brand origins only', async () => {
    const headers = await headersFor('production', '/embed');
    expect(headers.has('x-frame-options')).toBe(false);
    expect(headers.has('content-security-policy')).toBe(false);
    expect(headers.get('x-content-type-options')).toBe('nosniff');

    (process.env as Record<string, string | undefined>).NODE_ENV = originalNodeEnv;
    const response = embedResponse();
    const csp = directives(response.headers.get('content-security-policy')!);
    // brands/eventmap.json: the app itself (the snippet page's preview) and local development hosts.
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'http://localhost:*']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers.has('x-frame-options')).toBe(false);
  });
});
