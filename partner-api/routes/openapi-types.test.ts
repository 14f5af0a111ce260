import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/*
 * A partner generating a typed client from the served document (/openapi.json) with openapi-typescript gets types
 * that refuse what the service refuses: `circle` with `rectangle`, `isLive` with a date window. The fixture below is
 * compiled by TypeScript against the generated types: each `@ts-expect-error` line must be an error, else TypeScript
 * reports the directive as unused and the test fails; the accepted shapes must compile.
 */

const FIXTURE = `
import type { components, paths } from './partner-api';

type EventsBody = NonNullable<paths['/v2/get/events']['post']['requestBody']>['content']['application/json'];
type LocationFilter = components['schemas']['LocationFilter'];
type DatesFilter = components['schemas']['DatesFilter'];

const circle = { lng: 2.35, lat: 48.85, maxDistance: 1000 };
const rectangle = { minLng: 2.2, maxLng: 2.4, minLat: 48.8, maxLat: 48.9 };

export const accepted: EventsBody[] = [
  {},
  { locationFilter: { circle } },
  { locationFilter: { rectangle } },
  { locationFilter: {} },
  { datesFilter: { isLive: true } },
  { datesFilter: { minDate: '2026-06-15T00:00:00Z', maxDate: '2026-06-22' } },
  { datesFilter: {} },
  { orderBy: 'distance', orderByDistance: { lng: 2.35, lat: 48.85 } },
];

// @ts-expect-error circle and rectangle together
export const both: LocationFilter = { circle, rectangle };
// @ts-expect-error isLive with a date window
export const liveInWindow: DatesFilter = { isLive: true, minDate: '2026-06-15T00:00:00Z' };
// @ts-expect-error isLive with a date window, the other way round
export const windowLive: DatesFilter = { maxDate: '2026-06-22T00:00:00Z', isLive: false };
export const bodies: EventsBody[] = [
  // @ts-expect-error circle and rectangle together, in a request body
  { locationFilter: { circle, rectangle } },
  // @ts-expect-error isLive with a date window, in a request body
  { datesFilter: { isLive: true, minDate: '2026-06-15T00:00:00Z' } },
];
`;

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'openapi-types-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

type Document = Parameters<typeof openapiTS>[0] & { components: { schemas: Record<string, Record<string, unknown>> } };

/** TypeScript's errors for the fixture against the types openapi-typescript generates from `document`. */
async function fixtureErrors(document: Document, name: string): Promise<string[]> {
  const root = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(root, 'partner-api.ts'), COMMENT_HEADER + astToString(await openapiTS(document)));
  writeFileSync(join(root, 'fixture.ts'), FIXTURE);
  const program = ts.createProgram([join(root, 'fixture.ts')], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    return `fixture.ts:${line === undefined ? '?' : line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

async function servedDocument(): Promise<Document> {
  const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

describe('types generated from the served OpenAPI document (openapi-typescript)', () => {
  it('refuse circle with rectangle and isLive with a date window, and accept the valid shapes', async () => {
    expect(await fixtureErrors(await servedDocument(), 'served')).toEqual([]);
  }, 60_000);

  it('would accept both combinations if the rules were prose only (the check can fail)', async () => {
    const document = await servedDocument();
    const schemas = document.components.schemas;
    delete schemas.LocationFilter!.oneOf;
    for (const alternative of (schemas.DatesFilter!.anyOf as { properties: Record<string, unknown> }[]) ?? []) {
      for (const [member, schema] of Object.entries(alternative.properties)) {
        if (schema === false) delete alternative.properties[member];
      }
    }
    const errors = await fixtureErrors(document, 'prose-only');
    expect(errors.filter((error) => /Unused '@ts-expect-error' directive/.test(error))).toHaveLength(5);
  }, 60_000);
});
