import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZGetCatalogueResponseSchema } from '@/lib/contract';
import type { Store } from '@/partner-api/store/port';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { importItems } from './import';
import { readFeed } from './read-feed';

/*
 * Each import batch is one transaction: a failure mid-import (a crash, a kill -9, a full disk) leaves the batches
 * before it applied and the failing one not at all; running the import again completes it without duplicates.
 */

const text = readFileSync(new URL('../../e2e/fixtures/catalogue.ndjson', import.meta.url), 'utf8');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The store, with its third import batch failing inside the store after some of its writes. */
function failingOnThirdBatch(store: Store): Store {
  let batches = 0;
  return {
    ...store,
    ingest: {
      ...store.ingest,
      applyBatch: async (batch) => {
        batches += 1;
        if (batches !== 3) return store.ingest.applyBatch(batch);
        // Half the batch's events, then a failure: the transaction must take them back.
        const broken = { ...batch, upserts: [...batch.upserts, { ...batch.upserts[0]!, eventKey: 'new:unknown' }] };
        return store.ingest.applyBatch(broken);
      },
    },
  };
}

async function eventCount(): Promise<number> {
  const response = await t.request({ method: 'POST', url: '/v2/get/catalogue', payload: {} });
  return ZGetCatalogueResponseSchema.parse(response.json()).data.events.length;
}

describe('import batches', () => {
  it('are each applied whole or not at all, and a re-run completes the import', async () => {
    const options = { partner: 'Billetterie Horizon', format: 'ndjson' as const, nowMs: t.clock(), batchSize: 10 };
    await expect(importItems(failingOnThirdBatch(t.store), readFeed(text, 'ndjson'), options)).rejects.toThrow(
      /unknown event key/,
    );
    expect(await eventCount()).toBe(20);
    const again = await importItems(t.store, readFeed(text, 'ndjson'), options);
    expect(again).toMatchObject({ unchanged: 20, created: 21, merged: 0 });
    expect(await eventCount()).toBe(41);
  });
});
