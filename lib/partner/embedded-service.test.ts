import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { describePartnerUpstream } from '@/test/web/upstream-suite';

/*
 * The typed client and token cache against the real embedded service over real HTTP — the same contract checks the
 * fault-injecting fake passes (client.test.ts), so the web app depends only on what the spec and docs/design.md §4
 * promise.
 */
let service: TestApp;
let baseUrl = '';

beforeAll(async () => {
  service = await createTestApp();
  for (let i = 0; i < 12; i += 1) await service.store.catalogue.createEvent(makeEventInput());
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
});
afterAll(() => service.close());

describePartnerUpstream('embedded service', () => ({ baseUrl, clientId: 'demo', clientSecret: 'demo-secret' }));
