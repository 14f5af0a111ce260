import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeUpstream } from '@/test/web/fake-upstream';

// Pages read the request's cookies and headers; outside Next there is no request, so give them one.
const requestHeaders = new Headers({ host: 'events.test', 'x-forwarded-proto': 'https', 'accept-language': 'en' });
vi.mock('next/headers', () => ({
  headers: () => Promise.resolve(requestHeaders),
  cookies: () => Promise.resolve({ get: () => undefined }),
}));

const fake = new FakeUpstream({ clientId: 'pages-client', clientSecret: 'pages-client-secret-value' });

beforeAll(async () => {
  await fake.start();
  // lib/env.ts reads process.env once, at first use: configure before any page loads.
  process.env.PARTNER_API_URL = fake.baseUrl;
  process.env.PARTNER_CLIENT_ID = fake.clientId;
  process.env.PARTNER_CLIENT_SECRET = fake.clientSecret;
  process.env.SESSION_SECRET = 'pages-test-session-secret-0123456789abcdef';
  // No journey here waits on a hanging upstream: a long timeout only keeps a slow first login on a loaded machine in time.
  process.env.PARTNER_TIMEOUT_MS = '3000';
});
afterAll(() => fake.stop());
afterEach(() => fake.heal());

const { eventMetadata, loadEvent, loadPlace } = await import('./load-pages');
const { eventCalendar } = await import('./event-calendar');
const { PageUnavailableError } = await import('./page-unavailable');

describe('record page loading', () => {
  it('gives the record with the locale and an absolute canonical URL', async () => {
    const model = await loadEvent('7');
    expect(model).toMatchObject({ kind: 'ok', data: { id: 7 }, locale: 'en', pageUrl: 'https://events.test/events/7' });
    const metadata = await eventMetadata('7');
    expect(metadata.alternates?.canonical).toBe('https://events.test/events/7');
    expect(metadata.openGraph).toMatchObject({ title: 'Event 7', locale: 'en_GB' });
    expect(metadata.robots).toBeUndefined();
  });

  it('maps unknown and malformed ids to not-found', async () => {
    expect(await loadEvent('999')).toEqual({ kind: 'not-found' });
    expect(await loadEvent('abc')).toEqual({ kind: 'not-found' });
    expect(await loadPlace('missing-1')).toEqual({ kind: 'not-found' });
    expect((await eventCalendar(new Request('https://events.test/events/999/calendar.ics'), '999')).status).toBe(404);
  });

  it('throws the unavailable error (→ error boundary, 5xx) when the Partner API is down', async () => {
    fake.fail(/^\/v2\//, { kind: 'status', status: 503 });
    await expect(loadEvent('8')).rejects.toBeInstanceOf(PageUnavailableError);
    // Metadata never throws: the page is not indexed while the service is down.
    expect((await eventMetadata('8')).robots).toEqual({ index: false, follow: false });
    const calendar = await eventCalendar(new Request('https://events.test/events/8/calendar.ics'), '8');
    expect(calendar.status).toBe(503);
    expect(calendar.headers.get('content-type')).toContain('application/problem+json');
  });

  it('serves the event as an iCalendar download', async () => {
    const response = await eventCalendar(new Request('https://events.test/events/3/calendar.ics'), '3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="event-3.ics"');
    expect(await response.text()).toContain('URL:https://events.test/events/3');
  });
});
