import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebMetricsServer, type WebMetricsServer } from '@/lib/observability/web-metrics';
import { createPartner, type Partner } from '@/lib/partner';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { startPrometheus, type ThrowawayPrometheus } from './prometheus';

/*
 * A real Prometheus (Debian's package) scrapes the Partner API's metrics port and the web app's, while the web app's
 * Partner API client (lib/partner, the code its route handlers call) sends events queries to the service over HTTP;
 * PromQL then answers the request rate and the p99 of the events query. The web server script's own request metrics
 * need a Next build: e2e/operations.spec.ts covers them.
 */
describe('metrics scraped by Prometheus', () => {
  let service: TestApp;
  let web: WebMetricsServer;
  let partner: Partner;
  let prometheus: ThrowawayPrometheus;

  beforeAll(async () => {
    service = await createTestApp({ config: { metricsPort: 0 } });
    for (let i = 0; i < 20; i++) await service.store.catalogue.createEvent(makeEventInput({ name: `Concert ${i}` }));
    const apiUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
    web = await startWebMetricsServer({ port: 0, host: '127.0.0.1' });
    partner = createPartner({
      baseUrl: apiUrl,
      clientId: 'demo',
      clientSecret: 'demo-secret',
      sessionSecret: 'a-session-secret-for-tests-only-0123456789',
      linksOrigin: null,
    });
    prometheus = await startPrometheus({
      'partner-api': new URL(service.app.metricsUrl ?? '').host,
      web: new URL(web.url).host,
    });
  }, 60_000);

  afterAll(async () => {
    await prometheus?.stop();
    await web?.close();
    await service?.close();
  });

  it('answers the request rate and the p99 of the events query', async () => {
    await prometheus.waitFor('min(up)', (value) => value === 1);
    // Traffic for a few scrapes: events queries through the web app's client, some unknown ids too. At least 20 of
    // each, over at least 4 s, however long a loaded machine takes per call.
    const until = Date.now() + 4_000;
    let sent = 0;
    while (sent < 20 || Date.now() < until) {
      await partner.client.getEvents({ limit: 10 });
      await partner.client.getEvent(900_000 + sent).catch(() => undefined);
      sent++;
    }

    const rate = await prometheus.waitFor(
      'sum(rate(partner_api_http_requests_total{route="/v2/get/events",method="POST",status_class="2xx"}[10s]))',
      (value) => value > 0,
    );
    expect(rate).toBeGreaterThan(0);
    const p99 = await prometheus.waitFor(
      'histogram_quantile(0.99, sum by (le) (rate(partner_api_http_request_duration_seconds_bucket{route="/v2/get/events"}[10s])))',
      (value) => Number.isFinite(value) && value > 0,
    );
    expect(p99).toBeLessThan(15);
    // The unknown ids are one series, whatever the ids.
    expect(await prometheus.queryValue('count(partner_api_http_requests_total{route="/v2/event/:eventId"})')).toBe(1);
    // The web app's side of the same calls: upstream calls by operation and outcome.
    const upstream = await prometheus.waitFor(
      'sum(rate(eventmap_web_upstream_request_duration_seconds_count{operation="getEvents",outcome="ok"}[10s]))',
      (value) => value > 0,
    );
    expect(upstream).toBeGreaterThan(0);
    expect(
      await prometheus.waitFor(
        'sum(eventmap_web_upstream_request_duration_seconds_count{operation="getEvent",outcome="http_4xx"})',
        (value) => value > 0,
      ),
    ).toBeGreaterThan(0);
    expect(
      await prometheus.waitFor(
        'sum(eventmap_web_token_logins_total{grant="clientSecret",outcome="success"})',
        (v) => v >= 1,
      ),
    ).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
