import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZEventSchema, ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '../testing/fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('GET /v2/event/{eventId}', () => {
  it('returns the full event shape with commentaries, performers and tracked links of the caller', async () => {
    const id = await t.store.catalogue.createEvent(
      makeEventInput({
        partners: ['Billetterie Horizon', 'Guichet Soleil'],
        performers: [{ name: 'Camille Test' }],
        commentaries: [{ grade: 4, content: 'Très bien', username: 'zoé', dateMs: t.clock() - 1000 }],
      }),
    );
    const response = await t.request({ method: 'GET', url: `/v2/event/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const event = ZEventSchema.parse(response.json());
    expect(event.id).toBe(id);
    expect(event.sources).toHaveLength(2);
    expect(event.performers.length).toBeGreaterThan(0);
    expect(event.commentaries.length).toBeGreaterThan(0);
    for (const source of event.sources) expect(source.link).toMatch(/^http:\/\/partner-api\.test\/r\/[\w-]+\.[\w-]+$/);

    // Another client gets other links for the same sources.
    const other = ZEventSchema.parse((await t.request({ method: 'GET', url: `/v2/event/${id}` }, 'demo-b')).json());
    expect(other.sources.map((source) => source.link)).not.toEqual(event.sources.map((source) => source.link));
  });

  it('answers an unknown or deleted event with 404', async () => {
    const id = await t.store.catalogue.createEvent(makeEventInput());
    await t.store.catalogue.deleteEvent(id);
    for (const url of [`/v2/event/${id}`, '/v2/event/987654']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(ZProblemSchema.parse(response.json()).status).toBe(404);
    }
  });

  it('answers an invalid id with 400 and a pointer', async () => {
    for (const url of ['/v2/event/abc', '/v2/event/0', '/v2/event/1.5', '/v2/event/99999999999999999999']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(ZProblemSchema.parse(response.json()).errors?.[0]?.pointer).toBe('#/eventId');
    }
  });
});
