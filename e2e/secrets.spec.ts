import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, resending, test } from './fixtures/test';
import { E2E_SECRETS, E2E_SERVICE_URL } from '../playwright.config';

/** A JWT (the service's access tokens are JWTs): three base64url parts, the first a JSON object. */
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('no secret or token is in the built client JavaScript', async () => {
  const files = filesUnder('.next/static').filter((file) => /\.(js|css|json|html|txt)$/.test(file));
  expect(files.length).toBeGreaterThan(0);
  // A real token of this run, to look for literally as well as by shape.
  const login = await fetch(`${E2E_SERVICE_URL}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: E2E_SECRETS.clientSecret }),
  });
  const tokens = (await login.json()) as { accessToken: string; refreshToken: string };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain(E2E_SECRETS.clientSecret);
    expect(text, file).not.toContain(E2E_SECRETS.sessionSecret);
    expect(text, file).not.toContain(tokens.accessToken);
    expect(text, file).not.toContain(tokens.refreshToken);
    expect(text, file).not.toMatch(JWT);
  }
});

test('pages and API answers carry no secret or token; the token cookie is sealed and HttpOnly', async ({ page }) => {
  // Read each answer while the page is open; the assertions run once every read has settled.
  const reads: Promise<{ url: string; headers: Record<string, string>; body: string }>[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith('http://127.0.0.1')) return;
    reads.push(
      Promise.all([response.text().catch(() => ''), response.allHeaders().catch(() => ({}))]).then(
        ([body, headers]) => ({ url: response.url(), headers, body }),
      ),
    );
  });
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  const first = await resending(page.request).get('/api/events?limit=1');
  const { data } = (await first.json()) as { data: { id: number }[] };
  expect(data.length).toBe(1);
  await page.goto(`/events/${data[0]!.id}`);
  await page.waitForLoadState('load');
  const seen = await Promise.all(reads);
  expect(seen.length).toBeGreaterThan(2);
  for (const { url, headers, body } of seen) {
    const setCookie = headers['set-cookie'] ?? '';
    const rest = JSON.stringify({ ...headers, 'set-cookie': undefined });
    for (const text of [body, rest]) {
      expect(text, url).not.toContain(E2E_SECRETS.clientSecret);
      expect(text, url).not.toContain(E2E_SECRETS.sessionSecret);
      expect(text, url).not.toMatch(JWT);
    }
    // The only place a token may travel is the sealed cookie: iron-session's Fe26.2 seal, HttpOnly.
    if (setCookie) expect(setCookie).not.toMatch(JWT);
  }
  const cookies = await page.context().cookies();
  for (const cookie of cookies.filter((c) => c.value.includes('Fe26.2'))) expect(cookie.httpOnly).toBe(true);
});
