import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createPlainHistogram, createRequestMetrics, methodLabel, statusClass } from './request-metrics';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const observations: [string, string, number, number][] = [
  ['/v2/get/events', 'POST', 201, 0.0004],
  ['/v2/get/events', 'POST', 201, 0.003],
  ['/v2/get/events', 'POST', 400, 0.001],
  ['/v2/event/:eventId', 'GET', 404, 0.05],
  ['/v2/event/:eventId', 'GET', 200, 2.5],
  ['unmatched', 'FOO', 404, 0.0001],
  ['/login', 'POST', 503, 0.2],
];

describe('createRequestMetrics', () => {
  it("exposes exactly what prom-client's own counter and histogram would for the same requests", async () => {
    const ours = new Registry();
    const metrics = createRequestMetrics({ prefix: 'x_http', subject: 'the thing', buckets: BUCKETS, registry: ours });
    const reference = new Registry();
    const labelNames = ['route', 'method', 'status_class'] as const;
    const counter = new Counter({
      name: 'x_http_requests_total',
      help: 'Requests answered by the thing, by route template, method and status class.',
      labelNames,
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'x_http_request_duration_seconds',
      help: 'Time the thing took to answer a request, by route template, method and status class.',
      labelNames,
      buckets: BUCKETS,
      registers: [reference],
    });
    for (const [route, method, status, seconds] of observations) {
      metrics.observe(route, method, status, seconds);
      const labels = { route, method: methodLabel(method), status_class: statusClass(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    const sorted = (text: string) => text.split('\n').filter(Boolean).sort();
    expect(sorted(await ours.metrics())).toEqual(sorted(await reference.metrics()));
    expect(await ours.metrics()).toContain(
      'x_http_request_duration_seconds_bucket{le="0.001",route="/v2/get/events",method="POST",status_class="2xx"} 1',
    );
    expect(await ours.metrics()).toContain(
      'x_http_requests_total{route="unmatched",method="other",status_class="4xx"} 1',
    );
  });

  it("exposes an unlabelled histogram exactly as prom-client's", async () => {
    const ours = new Registry();
    const reference = new Registry();
    const options = { name: 'z_matches', help: 'Matches.', buckets: [0, 1, 10, 100] };
    const plain = createPlainHistogram({ ...options, registry: ours });
    const histogram = new Histogram({ ...options, registers: [reference] });
    for (const value of [0, 0, 3, 10, 11, 5000]) {
      plain.observe(value);
      histogram.observe(value);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
  });

  it('starts from zero again on registry.resetMetrics()', async () => {
    const registry = new Registry();
    const metrics = createRequestMetrics({ prefix: 'y', subject: 'it', buckets: BUCKETS, registry });
    metrics.observe('/a', 'GET', 200, 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('y_requests_total{route="/a",method="GET",status_class="2xx"} 0');
  });

  it('labels statuses by class and unknown methods as other', () => {
    expect([200, 302, 404, 429, 500, 503].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '4xx', '5xx', '5xx']);
    expect(['GET', 'PROPFIND', undefined].map(methodLabel)).toEqual(['GET', 'other', 'other']);
  });
});
