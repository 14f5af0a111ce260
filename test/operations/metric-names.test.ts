import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODEL_EVENTS_METRIC, registerWebGauge, webMetrics } from '@/lib/observability/web-metrics';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/** Metric names (without the histogram suffixes) that a text mentions. */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/\b(?:partner_api|eventmap_web)_[a-z_]+\b/g)) {
    names.add(match[0].replace(/_(bucket|count|sum)$/, ''));
  }
  return names;
}

/** Metric names a scrape declares (`# HELP name …`). */
function declared(text: string): Set<string> {
  return new Set([...text.matchAll(/^# HELP (\S+) /gm)].map((match) => match[1]!));
}

/*
 * docs/operations.md and the Grafana dashboard name only metrics the programs serve, and the docs list every metric
 * they serve: a renamed metric cannot leave a dead panel or an undocumented series behind.
 */
describe('metric names in docs/operations.md and ops/grafana-dashboard.json', () => {
  let service: TestApp;
  let served: Set<string>;
  beforeAll(async () => {
    service = await createTestApp({ config: { metricsPort: 0 } });
    const serviceText = await (await fetch(`${service.app.metricsUrl}/metrics`)).text();
    registerWebGauge({ name: READ_MODEL_EVENTS_METRIC, help: 'Events in the read model.', read: () => 0 });
    const webText = await webMetrics().registry.metrics();
    served = new Set([...declared(serviceText), ...declared(webText)]);
    // The pool's gauges exist on PostgreSQL only.
    if (service.store.kind === 'sqlite') {
      served.add('partner_api_store_pool_connections');
      served.add('partner_api_store_pool_waiting');
    }
  });
  afterAll(() => service.close());

  it('names only served metrics, and documents every one', () => {
    const documented = namesIn(readFileSync('docs/operations.md', 'utf8'));
    const dashboard = namesIn(readFileSync('ops/grafana-dashboard.json', 'utf8'));
    const ours = [...served].filter((name) => /^(partner_api|eventmap_web)_/.test(name));
    expect(ours.length).toBeGreaterThan(15);
    expect([...documented].filter((name) => !served.has(name))).toEqual([]);
    expect([...dashboard].filter((name) => !served.has(name))).toEqual([]);
    expect(ours.filter((name) => !documented.has(name))).toEqual([]);
  });
});
