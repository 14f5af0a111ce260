import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_TEXT, toDecimalText, ZQueryLatSchema } from './common';

describe('toDecimalText', () => {
  it('writes tiny and ordinary numbers without an exponent', () => {
    expect(toDecimalText(1e-7)).toBe('0.0000001');
    expect(toDecimalText(-2.5e-9)).toBe('-0.0000000025');
    expect(toDecimalText(48.8566)).toBe('48.8566');
    expect(toDecimalText(-0)).toBe('0');
  });

  it('gives text the query schemas take back as (nearly) the same coordinate', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), (lat) => {
        const text = toDecimalText(lat);
        expect(text).toMatch(DECIMAL_TEXT);
        expect(Math.abs(ZQueryLatSchema.parse(text) - lat)).toBeLessThan(1e-15);
      }),
    );
  });
});
