import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryString } from './hostile';

describe('toQueryString', () => {
  it('writes any generated value as a query string, arrays holding objects with no prototype included', () => {
    // `fc.jsonValue` makes such objects; `String` of an array holding one throws, which once failed a fuzz run at random.
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(toQueryString([bare, 2, 'x'])).toBe(`q=${encodeURIComponent('{"a":1},2,x')}`);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        expect(typeof toQueryString(value)).toBe('string');
      }),
      { numRuns: 2_000 },
    );
  });
});
