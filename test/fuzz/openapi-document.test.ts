import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenApiOracle, type ParameterObject } from './openapi-document';

describe('OpenApiOracle.serialize', () => {
  it('writes any generated value as URL text, objects with no prototype included', () => {
    // `fc.jsonValue` makes such objects; `String` throws on them, which once failed a contract run at random.
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    const list: ParameterObject = {
      name: 'ids',
      in: 'query',
      required: false,
      schema: { type: 'array' },
      explode: false,
    };
    expect(OpenApiOracle.serialize(list, [bare, 2, 'x'])).toBe('{"a":1},2,x');
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 })), (value) => {
        expect(typeof OpenApiOracle.serialize(list, value)).toBe('string');
      }),
      { numRuns: 2_000 },
    );
  });
});
