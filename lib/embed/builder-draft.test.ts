import { describe, expect, it } from 'vitest';
import { checkDraft, initialDraft } from './builder-draft';

const start = initialDraft({ categories: ['musique'], locale: 'en' });
const valid = checkDraft(
  { ...start, areaMode: 'map', areaText: '4.77,45.707,4.9,45.808' },
  checkDraft(start, {} as never).options,
);

describe('embed builder draft', () => {
  it('turns a valid draft into snippet options with no errors', () => {
    expect(valid.errors).toEqual({});
    expect(valid.options).toMatchObject({ categories: ['musique'], bbox: '4.77,45.707,4.9,45.808', height: 600 });
  });

  it('reports an invalid area and keeps the last valid one in the options', () => {
    const { options, errors } = checkDraft({ ...start, areaMode: 'map', areaText: 'lyon' }, valid.options);
    expect(errors.area).toBe('areaInvalid');
    expect(options.bbox).toBe('4.77,45.707,4.9,45.808');
  });

  it('reports a height out of range or not a number, and keeps the last valid one', () => {
    for (const heightText of ['12', 'tall', '2001', '']) {
      const { options, errors } = checkDraft({ ...start, heightText }, valid.options);
      expect(errors.height, heightText).toBe('heightInvalid');
      expect(options.height).toBe(600);
    }
  });

  it('locks only what is set, and says why a lock cannot apply', () => {
    const { options, errors } = checkDraft({ ...start, categories: [], lock: ['cat', 'live', 'area'] }, valid.options);
    expect(options.lock).toEqual([]);
    expect(errors.lock).toBe('lockCategories');
    const ok = checkDraft({ ...start, live: true, lock: ['cat', 'live'] }, valid.options);
    expect(ok.options.lock).toEqual(['cat', 'live']);
    expect(ok.errors).toEqual({});
  });

  it('follows the visitor with a radius and the area as its fallback; an invalid radius keeps the last valid one', () => {
    const near = checkDraft(
      { ...start, areaMode: 'near', areaText: '2.224,48.815,2.47,48.902', nearText: '2,5' },
      valid.options,
    );
    expect(near.errors).toEqual({});
    expect(near.options).toMatchObject({ near: 2.5, bbox: '2.224,48.815,2.47,48.902' });
    for (const nearText of ['', '0', '250', 'far']) {
      const bad = checkDraft({ ...start, areaMode: 'near', areaText: '4.7,45.7,4.9,45.8', nearText }, near.options);
      expect(bad.errors.near, nearText).toBe('nearInvalid');
      expect(bad.options.near).toBe(2.5);
    }
    // Leaving "near" drops it; a fixed area has no radius.
    expect(valid.options.near).toBeNull();
    expect(checkDraft({ ...start, nearText: 'far' }, near.options).errors).toEqual({});
  });

  it('drops a date preset under live now, and reads the price', () => {
    const { options } = checkDraft({ ...start, live: true, when: 'week', price: '30' }, valid.options);
    expect(options).toMatchObject({ live: true, when: '', free: false, maxPrice: 30 });
    expect(checkDraft({ ...start, price: '-3' }, valid.options).errors.price).toBe('priceInvalid');
  });
});
