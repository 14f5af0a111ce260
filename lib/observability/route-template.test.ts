import { describe, expect, it } from 'vitest';
import { createRouteClassifier } from './route-template';

// The shape of Next's .next/routes-manifest.json (regexes as Next writes them).
const manifest = {
  staticRoutes: [
    { page: '/', regex: '^/(?:/)?$' },
    { page: '/api/explorer/events', regex: '^/api/explorer/events(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/events/[id]', regex: '^/events/([^/]+?)(?:/)?$' },
    { page: '/api/places/[mapPlaceId]', regex: '^/api/places/([^/]+?)(?:/)?$' },
  ],
};

describe('route templates for metric labels', () => {
  const routeOf = createRouteClassifier(manifest);

  it('names pages and route handlers by their template, whatever the id or query', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/?lng=2.3&lat=48.8')).toBe('/');
    expect(routeOf('/api/explorer/events?zoom=5')).toBe('/api/explorer/events');
    expect(routeOf('/events/123')).toBe('/events/[id]');
    expect(routeOf('/events/987654321')).toBe('/events/[id]');
    expect(routeOf('/api/places/paris-olympia')).toBe('/api/places/[mapPlaceId]');
  });

  it('folds files and unknown paths into a few labels', () => {
    expect(routeOf('/_next/static/chunks/abc123.js')).toBe('/_next/static');
    expect(routeOf('/_next/image?url=x')).toBe('/_next');
    expect(routeOf('/basemap/tiles/3/4/2.pbf')).toBe('static');
    expect(routeOf('/wp-admin/setup')).toBe('unmatched');
    expect(routeOf('/events/1/extra/segments')).toBe('unmatched');
    const labels = new Set(Array.from({ length: 500 }, (_, i) => routeOf(`/probe-${i}/x${i}`)));
    expect([...labels]).toEqual(['unmatched']);
  });

  it('labels without a build manifest', () => {
    const bare = createRouteClassifier(null);
    expect(bare('/events/1')).toBe('unmatched');
    expect(bare('/_next/static/x.js')).toBe('/_next/static');
  });
});
