import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZEventSchema, ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '../testing/fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ config: { appUrl: 'http://app.test' } });
});
afterEach(async () => {
  await t.close();
});

/** A public request: no bearer token. */
function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

function expectProblem(response: Awaited<ReturnType<typeof get>>, status: number): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(ZProblemSchema.parse(response.json()).status).toBe(status);
}

describe('GET /e/{serviceId}', () => {
  it("redirects an event's serviceLink, without a token, to its page in the web app", async () => {
    const id = await t.store.catalogue.createEvent(makeEventInput({ serviceId: 777_001 }));
    await t.store.catalogue.createEvent(makeEventInput({ serviceId: 777_002 }));
    const event = ZEventSchema.parse((await t.request({ method: 'GET', url: `/v2/event/${id}` })).json());
    expect(event.serviceLink).toBe('http://partner-api.test/e/777001');

    const response = await get(new URL(event.serviceLink).pathname);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`http://app.test/events/${id}`);
    expect(response.body).toBe('');
  });

  it('answers an unknown service id with 404, even when an event has that id as its own id', async () => {
    const id = await t.store.catalogue.createEvent(makeEventInput({ serviceId: 888_001 }));
    expectProblem(await get(`/e/${id}`), 404);
    expectProblem(await get('/e/999999'), 404);
  });

  it('answers a deleted event with 404', async () => {
    const id = await t.store.catalogue.createEvent(makeEventInput({ serviceId: 888_002 }));
    expect((await get('/e/888002')).statusCode).toBe(302);
    await t.store.catalogue.deleteEvent(id);
    expectProblem(await get('/e/888002'), 404);
  });

  it('answers a malformed or empty service id with 400 pointing at it', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999', '']) {
      const response = await get(`/e/${bad}`);
      expectProblem(response, 400);
      expect(ZProblemSchema.parse(response.json()).errors?.[0]?.pointer).toBe('#/serviceId');
    }
  });
});
