import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as explorerEventsRoute } from '@/app/api/explorer/events/route';
import { getCatalogueMirror } from '@/lib/mirror/catalogue-mirror';
import { startWebMetricsServer, type WebMetricsServer } from '@/lib/observability/web-metrics';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/*
 * The web app's read-model size on its metrics port: the explorer's route brings up the read model over the catalogue
 * mirror; once the mirror has synced the service's catalogue, a scrape of `/metrics` says how many events it holds.
 */

let service: TestApp;
let web: WebMetricsServer;
let dir: string;

async function scrape(): Promise<string> {
  const response = await fetch(`${web.url}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  service = await createTestApp();
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  for (let i = 0; i < 7; i++) {
    await service.store.catalogue.createEvent(makeEventInput({ startMs: FIXTURE_NOW_MS + (i + 1) * 86_400_000 }));
  }
  dir = mkdtempSync(join(tmpdir(), 'read-model-metric-'));
  // lib/env.ts reads process.env once, at first use: configure before any route runs.
  process.env.PARTNER_API_URL = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  process.env.PARTNER_CLIENT_ID = 'demo';
  process.env.PARTNER_CLIENT_SECRET = 'demo-secret';
  process.env.SESSION_SECRET = 'read-model-metric-test-session-secret-0123456789';
  process.env.CATALOGUE_MIRROR_FILE = join(dir, 'mirror.sqlite');
  web = await startWebMetricsServer({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await web?.close();
  getCatalogueMirror()?.db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await service?.close();
});

describe('eventmap_web_read_model_events', () => {
  it('reports the events of the read model once the mirror has synced', async () => {
    const query = 'minLng=-180&maxLng=180&minLat=-85&maxLat=85&zoom=3';
    expect((await explorerEventsRoute(new Request(`http://localhost/api/explorer/events?${query}`))).status).toBe(200);
    await getCatalogueMirror()!.sync();
    const text = await scrape();
    expect(/^eventmap_web_read_model_events (\S+)$/m.exec(text)?.[1]).toBe('7');
  });
});
