import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

let service: TestApp;
beforeAll(async () => {
  service = await createTestApp();
});
afterAll(() => service.close());

const post = (payload: unknown) => service.request({ method: 'POST', url: '/v2/get/events', payload });

describe('locationFilter errors point at the offending member', () => {
  it.each([
    [{ circle: { lng: 2, lat: 'north', maxDistance: 500 } }, '#/locationFilter/circle/lat'],
    [{ circle: { lng: 2, lat: 91, maxDistance: 500 } }, '#/locationFilter/circle/lat'],
    [{ rectangle: { minLng: 2, maxLng: 3, minLat: 48 } }, '#/locationFilter/rectangle/maxLat'],
    [{ rectangle: { minLng: 2, maxLng: 3, minLat: 49, maxLat: 48 } }, '#/locationFilter/rectangle/minLat'],
    [{ square: {} }, '#/locationFilter/square'],
    [
      { circle: { lng: 2, lat: 48, maxDistance: 500 }, rectangle: { minLng: 2, maxLng: 3, minLat: 48, maxLat: 49 } },
      '#/locationFilter/rectangle',
    ],
  ])('%j → 400 at %s', async (locationFilter, pointer) => {
    const response = await post({ locationFilter });
    expect(response.statusCode).toBe(400);
    const problem = ZProblemSchema.parse(response.json());
    expect(problem.errors?.map((error) => error.pointer)).toContain(pointer);
  });

  it('accepts an empty object as no filter', async () => {
    expect((await post({ locationFilter: {} })).statusCode).toBe(201);
  });
});
