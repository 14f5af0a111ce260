import { describe, expect, it } from 'vitest';
import type * as ErrorsModule from './errors';
import { PartnerError } from './errors';

describe('PartnerError', () => {
  it('is recognised across copies of its module (pages and route handlers are bundled apart)', async () => {
    const error = new PartnerError('http', 'GET /v2/event/9 → 404', { status: 404 });
    expect(error).toBeInstanceOf(PartnerError);
    expect(error).toBeInstanceOf(Error);
    // A second instance of the module, as another bundle would load it.
    // The query string makes the specifier unknown to TypeScript, hence the cast the type-aware lint calls needless.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    const copy = (await import('./errors?copy' as string)) as typeof ErrorsModule;
    expect(copy.PartnerError).not.toBe(PartnerError);
    expect(error instanceof copy.PartnerError).toBe(true);
    expect(new copy.PartnerError('timeout', 't') instanceof PartnerError).toBe(true);
    expect(new Error('x') instanceof PartnerError).toBe(false);
    expect((null as unknown) instanceof PartnerError).toBe(false);
  });
});
