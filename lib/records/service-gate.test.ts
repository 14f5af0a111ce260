import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_AFTER_SECONDS, unavailableResponse } from './service-gate';

afterEach(() => vi.unstubAllGlobals());

const request = () =>
  new NextRequest('http://127.0.0.1:3000/events/12', { headers: { 'accept-language': 'fr-FR', cookie: 'a=b' } });

describe('the record pages’ 503', () => {
  it('answers with the site’s own /unavailable page, asked in the visitor’s language, as a 503', async () => {
    const fetch = vi.fn(async () => new Response('<html><header>site</header></html>', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const response = await unavailableResponse(request());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await response.text()).toContain('<header>site</header>');
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    // Next's URL spells a loopback host `localhost`: the same server.
    expect(new URL(url).pathname).toBe('/unavailable');
    expect(new URL(url).port).toBe('3000');
    expect(new Headers(init.headers).get('accept-language')).toBe('fr-FR');
  });

  it('falls back to the plain page, still in the visitor’s language, when the app cannot render its own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    const response = await unavailableResponse(request());
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Réessayer');
  });
});
