import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from './testing/fixtures';

/*
 * Inputs an outside property-based run found accepted (or answered outside the problem format), each refused now
 * with a 400 problem that names the field — over HTTP, as a client sends them.
 */

let t: TestApp;
let eventId = 0;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  eventId = await t.store.catalogue.createEvent(makeEventInput({ name: 'Opéra de nuit' }));
  token = (await t.login()).accessToken;
});
afterAll(() => t.close());

function problemOf(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = ZProblemSchema.parse(JSON.parse(response.body));
  expect(problem.status).toBe(response.statusCode);
  return problem;
}

async function expect400(url: string, pointers: string[], method: 'GET' | 'POST' = 'GET', payload?: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode, `${url} → ${response.body}`).toBe(400);
  const problem = problemOf(response);
  expect(problem.errors?.map((error) => error.pointer).sort(), url).toEqual([...pointers].sort());
  return problem;
}

describe('numbers in a URL: any JSON number in a query, digits in a path', () => {
  it('refuses empty coordinates instead of reading them as 0', async () => {
    await expect400('/v2/search/place?name=Op%C3%A9ra&lng=&lat=', ['#/lng', '#/lat']);
    const problem = await expect400('/v2/search?search=a&lng=&lat=', ['#/lng', '#/lat']);
    expect(problem.errors?.[0]?.detail).toMatch(/^Empty value/);
  });

  it('refuses hexadecimal, exponent and decimal-point spellings of an id', async () => {
    expect(eventId).toBe(1);
    expect((await t.request({ method: 'GET', url: '/v2/event/1' })).statusCode).toBe(200);
    for (const spelling of ['0x1', '1e0', '1.0', '01', '+1', '%201', '1%20', '-0']) {
      await expect400(`/v2/event/${spelling}`, ['#/eventId']);
    }
  });

  it('refuses a hexadecimal page number, and spellings no JSON number has', async () => {
    await expect400('/v2/clicks?pageNumber=0x1', ['#/pageNumber']);
    for (const spelling of ['+1', '.5', '1.', '01', '1e', 'Infinity', 'NaN', '%201']) {
      await expect400(`/v2/search?search=a&lng=${spelling}&lat=48`, ['#/lng']);
    }
    // A JSON number that is not an integer, or too large to be finite.
    await expect400('/v2/search?search=a&limit=1.5e0', ['#/limit']);
    await expect400('/v2/search?search=a&lng=1e400&lat=48', ['#/lng']);
  });

  it('accepts any number JSON accepts in a query, exponents included (what Python prints for small floats)', async () => {
    for (const query of [
      'lng=1e-7&lat=-2.5E-9',
      'lng=2.35e0&lat=4.88e1&limit=1e1',
      'lng=-0&lat=0.0&limit=10.0',
      // A '+' in a query string is a space: a client percent-encodes it, as any '+'.
      'lng=235E-2&lat=48&limit=5E%2B0',
    ]) {
      const response = await t.request({ method: 'GET', url: `/v2/search?search=op&${query}` });
      expect(response.statusCode, `${query} → ${response.body}`).toBe(200);
    }
    const clicks = await t.request({ method: 'GET', url: '/v2/clicks?limit=1e2&pageNumber=1E0' });
    expect(clicks.statusCode, clicks.body).toBe(200);
  });

  it('says a missing coordinate is required', async () => {
    const problem = await expect400('/v2/search/place?name=Op%C3%A9ra&lng=2.35', ['#/lat']);
    expect(problem.errors?.[0]?.detail).toBe('Required.');
    expect(JSON.stringify(problem)).not.toContain('NaN');
  });

  it('accepts the plain decimal spelling', async () => {
    const response = await t.request({ method: 'GET', url: '/v2/search?search=op&lng=-2.35&lat=48.5&limit=5' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses one coordinate of /v2/search without the other, and a blank text', async () => {
    await expect400('/v2/search?search=a&lng=2.35', ['#/lat']);
    await expect400('/v2/search?search=a&lat=48.8', ['#/lng']);
    await expect400('/v2/search?search=%20%20', ['#/search']);
    await expect400('/v2/search/performer?name=%09', ['#/name']);
  });
});

describe('bodies', () => {
  it('refuses a JSON null body on the events and catalogue queries, and still takes an absent one', async () => {
    for (const url of ['/v2/get/events', '/v2/get/catalogue']) {
      await expect400(url, ['#'], 'POST', 'null');
      const absent = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      expect(absent.statusCode, url).toBe(201);
    }
  });

  it('refuses a body whose bytes are not UTF-8, naming the member', async () => {
    const body = Buffer.concat([Buffer.from('{"sources":["'), Buffer.from([0xff, 0xfe]), Buffer.from('"]}')]);
    const events = await t.app.inject({
      method: 'POST',
      url: '/v2/get/events',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(events.statusCode).toBe(400);
    expect(problemOf(events).errors).toEqual([{ pointer: '#/sources/0', detail: 'Not valid UTF-8.' }]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"grantAccess":"clientSecret","clientId":"demo'),
        Buffer.from([0xc3]),
        Buffer.from('","clientSecret":"demo-secret"}'),
      ]),
    });
    expect(login.statusCode).toBe(400);
    expect(problemOf(login).errors?.[0]?.pointer).toBe('#/clientId');
  });

  it('names a member called __proto__ instead of calling the whole body invalid JSON', async () => {
    await expect400('/v2/get/events', ['#/__proto__'], 'POST', '{"limit":1,"__proto__":{"isAdmin":true}}');
  });

  it('refuses circle and rectangle together', async () => {
    await expect400(
      '/v2/get/events',
      ['#/locationFilter/rectangle'],
      'POST',
      JSON.stringify({
        locationFilter: {
          circle: { lng: 2, lat: 48, maxDistance: 1000 },
          rectangle: { minLng: 2, maxLng: 3, minLat: 48, maxLat: 49 },
        },
      }),
    );
  });
});

describe('queries are as strict as bodies', () => {
  it('refuses query text that is not UTF-8, naming the parameter', async () => {
    await expect400('/v2/search?search=%FF%FE', ['#/search']);
  });

  it('refuses unknown parameters, typos included', async () => {
    await expect400('/v2/search?search=a&foo=1', ['#/foo']);
    await expect400('/v2/clicks?pagenumber=2', ['#/pagenumber']);
    await expect400('/v2/event/1?expand=all', ['#/expand']);
    await expect400('/v2/get/events?limit=1', ['#/limit'], 'POST', '{}');
  });

  it('refuses a repeated parameter', async () => {
    await expect400('/v2/search?search=a&search=b', ['#/search']);
  });

  it('ignores parameters appended to the public links and images', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/images/event/${eventId}-main.svg?v=2` });
    expect(response.statusCode).toBe(200);
  });
});

/** Sends raw bytes to a listening service and returns the raw answer (status line, headers, body). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('methods', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('answers QUERY (a method with a body) with a 405 problem and Allow on every existing path', async () => {
    for (const [path, allow] of [
      ['/v2/search?search=a', 'GET, HEAD'],
      ['/v2/get/events', 'POST'],
      ['/login', 'POST'],
    ] as const) {
      for (const body of ['{}', '', '{"limit":1}']) {
        const answer = parseRaw(
          await rawExchange(
            port,
            `QUERY ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          ),
        );
        expect(answer.status, `${path} ${body}`).toBe(405);
        expect(answer.headers.allow).toBe(allow);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 405, title: 'Method Not Allowed' });
      }
    }
  });

  it('answers an unknown method such as FOO with a problem, never Node’s default reply', async () => {
    const known = parseRaw(await rawExchange(port, 'FOO /v2/search?search=a HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(known.status).toBe(405);
    expect(known.headers.allow).toBe('GET, HEAD');
    expect(known.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ZProblemSchema.parse(JSON.parse(known.body))).toMatchObject({ status: 405 });

    const unknown = parseRaw(await rawExchange(port, 'FOO /nowhere HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);

    const garbage = parseRaw(await rawExchange(port, 'GET /v2/search?search=\xff HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(garbage.body).not.toContain('Client Error');
  });
});

describe('401', () => {
  it('carries WWW-Authenticate on a login with wrong credentials', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'wrong' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="partner-api"');
    problemOf(response);
  });
});
