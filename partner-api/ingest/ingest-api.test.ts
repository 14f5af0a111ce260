import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZGetCatalogueResponseSchema, ZProblemSchema } from '@/lib/contract';
import { ZIngestSummarySchema } from '@/lib/contract/ingest';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { createIngestKey } from './ingest-keys';

/* The ingest API over HTTP: its own keys, one partner per key, the formats by media type, problems for bad input. */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let horizonKey: string;
let placeLibreKey: string;

beforeEach(async () => {
  t = await createTestApp();
  horizonKey = await createIngestKey(t.store.ingest, 'Billetterie Horizon', t.clock());
  placeLibreKey = await createIngestKey(t.store.ingest, 'PlaceLibre', t.clock());
});
afterEach(async () => {
  await t.close();
});

function send(partner: string, key: string | null, body: string, contentType: string, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/ingest/v1/partners/${encodeURIComponent(partner)}/feed${query}`,
    payload: body,
    headers: { 'content-type': contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
}

async function eventCount(): Promise<number> {
  const response = await t.request({ method: 'POST', url: '/v2/get/catalogue', payload: {} });
  return ZGetCatalogueResponseSchema.parse(response.json()).data.events.length;
}

describe('POST /ingest/v1/partners/{partner}/feed', () => {
  it('imports an NDJSON feed and answers its summary with each rejected line', async () => {
    const response = await send('PlaceLibre', placeLibreKey, fixture('lyon-placelibre.ndjson'), 'application/x-ndjson');
    expect(response.statusCode, response.body).toBe(200);
    const summary = ZIngestSummarySchema.parse(response.json());
    expect(summary).toMatchObject({ partner: 'PlaceLibre', format: 'ndjson', created: 3 });
    expect(summary.rejected.map((r) => r.position)).toEqual([3, 5, 6]);
    expect(await eventCount()).toBe(3);
  });

  it('imports iCalendar by its media type, and --full through ?full=true', async () => {
    const ics = fixture('concerts-horizon.ics');
    expect((await send('Billetterie Horizon', horizonKey, ics, 'text/calendar')).json()).toMatchObject({ created: 4 });
    const shorter = ics.replace(/BEGIN:VEVENT\r\nUID:horizon-garnier-visite[\s\S]*?END:VEVENT\r\n/, '');
    const response = await send('Billetterie Horizon', horizonKey, shorter, 'text/calendar', '?full=true');
    expect(response.json()).toMatchObject({ full: true, withdrawn: 1, deleted: 1, unchanged: 3 });
    expect(await eventCount()).toBe(3);
  });

  it('refuses a key of another partner (403), a partner API token or no key (401), and writes nothing', async () => {
    const ndjson = fixture('lyon-placelibre.ndjson');
    const other = await send('PlaceLibre', horizonKey, ndjson, 'application/x-ndjson');
    expect(other.statusCode).toBe(403);
    expect(ZProblemSchema.parse(other.json()).detail).toContain('Billetterie Horizon');
    const { accessToken } = await t.login();
    const partnerToken = await send('PlaceLibre', accessToken, ndjson, 'application/x-ndjson');
    expect(partnerToken.statusCode).toBe(401);
    expect(partnerToken.headers['www-authenticate']).toContain('realm="ingest"');
    expect((await send('PlaceLibre', null, ndjson, 'application/x-ndjson')).statusCode).toBe(401);
    expect(await eventCount()).toBe(0);
  });

  it('does not let an ingest key call the partner API', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/get/catalogue',
      payload: {},
      headers: { authorization: `Bearer ${placeLibreKey}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 with nothing written for a body that is not its claimed format, 415 for another media type', async () => {
    const wrong = await send('Billetterie Horizon', horizonKey, fixture('lyon-placelibre.ndjson'), 'text/calendar');
    expect(wrong.statusCode).toBe(422);
    expect(ZProblemSchema.parse(wrong.json()).detail).toMatch(/not a valid ical feed.*Nothing was imported/);
    const plain = await send('Billetterie Horizon', horizonKey, 'hello', 'text/plain');
    expect(plain.statusCode).toBe(415);
    const badQuery = await send('Billetterie Horizon', horizonKey, 'x', 'text/calendar', '?full=yes&x=1');
    expect(badQuery.statusCode).toBe(400);
    expect(await eventCount()).toBe(0);
  });

  it('groups records that name their event (sameAs) by it, not by the matching rule', async () => {
    // Two shows of one title, same venue and time (two rooms): the rule alone would make them one event.
    const record = (id: string, price: number, sameAs: string, name = 'Nuit du jazz') =>
      JSON.stringify({
        id,
        name,
        dates: [{ start: '2027-03-14T20:00:00+01:00' }],
        venue: { name: 'Le Périscope', city: 'Lyon', lat: 45.7484, lng: 4.8254 },
        link: `https://tickets.example/${id}`,
        lowestPrice: price,
        sameAs,
      });
    const horizon = [record('h-1', 10, 'urn:periscope:salle-1'), record('h-2', 20, 'urn:periscope:salle-2')].join('\n');
    expect((await send('Billetterie Horizon', horizonKey, horizon, 'application/x-ndjson')).json()).toMatchObject({
      created: 2,
      merged: 0,
    });
    // Another partner's records: the first show under another title joins it by its sameAs; the second show, titled
    // alike, joins the second (the rule alone would put it with the first, the first event that fits).
    const placeLibre = [
      record('p-1', 11, 'urn:periscope:salle-1', 'Jazz au Périscope — salle 1'),
      record('p-2', 21, 'urn:periscope:salle-2'),
    ].join('\n');
    expect((await send('PlaceLibre', placeLibreKey, placeLibre, 'application/x-ndjson')).json()).toMatchObject({
      created: 0,
      merged: 2,
    });
    const response = await t.request({ method: 'POST', url: '/v2/get/catalogue', payload: {} });
    const events = ZGetCatalogueResponseSchema.parse(response.json()).data.events;
    const prices = events.map((e) => e.sources.map((s) => s.lowestPrice).sort());
    expect(prices.sort()).toEqual([
      [10, 11],
      [20, 21],
    ]);
  });

  it('answers 413 for a non-streamed body over the documented limit', async () => {
    const huge = 'BEGIN:VCALENDAR\r\n' + 'X-PAD:' + 'x'.repeat(11 * 1024 * 1024) + '\r\nEND:VCALENDAR\r\n';
    const response = await send('Billetterie Horizon', horizonKey, huge, 'text/calendar');
    expect(response.statusCode).toBe(413);
  });
});

describe('the OpenAPI document', () => {
  it('describes the ingest API with its own security scheme and the source record', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post?: { security: unknown; requestBody: { content: Record<string, unknown> } } }>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    }>();
    const post = document.paths['/ingest/v1/partners/{partner}/feed']?.post;
    expect(post?.security).toEqual([{ ingestKey: [] }]);
    expect(Object.keys(post?.requestBody.content ?? {})).toContain('application/x-ndjson');
    expect(document.components.securitySchemes.ingestKey).toBeDefined();
    expect(document.components.schemas.SourceRecord).toBeDefined();
    expect(document.components.schemas.IngestSummary).toBeDefined();
  });
});
