import { describe, expect, it } from 'vitest';
import { decodeState } from '@/lib/explorer/state';
import { visibleBoundsAround } from '@/lib/explorer/bounds';
import { EMBED_FRAMES, cameraForBbox, embedOptions, normalizedEmbedQuery } from './params';

describe('embed parameters', () => {
  it('reads locale, theme, target and near, falling back to the brand locale, light, _top and no near', () => {
    expect(embedOptions({ locale: 'en', theme: 'dark', target: '_blank' }, 'fr')).toEqual({
      locale: 'en',
      theme: 'dark',
      target: '_blank',
      nearKm: null,
    });
    expect(embedOptions({ locale: 'de', theme: 'neon', target: '_parent', near: 'me' }, 'fr')).toEqual({
      locale: 'fr',
      theme: 'light',
      target: '_top',
      nearKm: null,
    });
    expect(embedOptions({ near: '2.5' }, 'fr').nearKm).toBe(2.5);
    expect(embedOptions({ locale: ['en', 'fr'] }, 'fr').locale).toBe('en');
  });

  it('translates categories, bbox and live into the explorer state', () => {
    const query = normalizedEmbedQuery(
      {
        categories: 'musique,nope,expo',
        bbox: '4.7,45.7,4.95,45.82',
        live: 'true',
        locale: 'en',
        target: '_blank',
        near: '5',
      },
      [],
    );
    const params = new URLSearchParams(query!);
    expect(params.get('locale')).toBe('en');
    // The fallback area becomes the camera; "near" stays for the embed to read.
    expect(params.get('near')).toBe('5');
    expect(params.get('target')).toBe('_blank');
    expect(params.has('categories')).toBe(false);
    const state = decodeState(params);
    expect(state.filters.categories.toSorted()).toEqual(['expo', 'musique']);
    expect(state.filters.live).toBe(true);
    expect(state.camera!.lng).toBeCloseTo(4.825, 3);
    expect(state.camera!.lat).toBeCloseTo(45.76, 3);
    expect(state.camera!.zoom).toBeGreaterThan(9);
    expect(state.camera!.zoom).toBeLessThan(13);
  });

  it('applies the brand default categories to a bare embed only', () => {
    expect(new URLSearchParams(normalizedEmbedQuery({}, ['musique'])!).get('cat')).toBe('musique');
    expect(normalizedEmbedQuery({ cat: 'expo' }, ['musique'])).toBeNull();
    expect(normalizedEmbedQuery({ at: '45,4,10' }, ['musique'])).toBeNull();
    expect(normalizedEmbedQuery({ locale: 'en' }, [])).toBeNull();
  });

  it('locks the parts the partner names, and only those', () => {
    const query = normalizedEmbedQuery(
      { categories: 'musique', bbox: '4.7,45.7,4.95,45.82', live: '1', lock: 'cat,area,bogus' },
      [],
    );
    const params = new URLSearchParams(query!);
    expect(params.get('pcat')).toBe('musique');
    expect(params.get('parea')).toBe('4.7,45.7,4.95,45.82');
    expect(params.has('plive')).toBe(false);
    expect(params.has('lock')).toBe(false);
    // The explorer's own names work too, and an invalid area is not locked.
    const own = new URLSearchParams(normalizedEmbedQuery({ cat: 'expo', live: '1', lock: 'cat,live,area' }, [])!);
    expect([own.get('pcat'), own.get('plive'), own.has('parea')]).toEqual(['expo', '1', false]);
  });

  it("writes the brand's locks over the URL's", () => {
    const area: [number, number, number, number] = [4.68, 45.6, 5.05, 45.92];
    const bare = new URLSearchParams(normalizedEmbedQuery({ locale: 'en' }, [], { area, categories: ['musique'] })!);
    expect(bare.get('parea')).toBe('4.68,45.6,5.05,45.92');
    expect(bare.get('pcat')).toBe('musique');
    expect(bare.get('at')).toMatch(/^45\.\d+,4\.\d+,/);
    // A partner URL cannot widen them; once applied, nothing is left to translate.
    const wide = new URLSearchParams(
      normalizedEmbedQuery({ categories: 'expo,musique', bbox: '-5,42,8,51' }, [], { categories: ['musique'] })!,
    );
    expect([wide.get('cat'), wide.get('pcat')]).toEqual(['musique', 'musique']);
    expect(normalizedEmbedQuery(Object.fromEntries(bare), [], { area, categories: ['musique'] })).toBeNull();
  });

  it("frames a partner's box where the visitor sees it: on a phone, above the half-open list", () => {
    const paris = { west: 2.224, south: 48.815, east: 2.47, north: 48.902 };
    const bbox = `${paris.west},${paris.south},${paris.east},${paris.north}`;
    for (const device of ['desktop', 'phone'] as const) {
      const frame = EMBED_FRAMES[device];
      const [lat, lng, zoom] = cameraForBbox(bbox, frame)!.split(',').map(Number) as [number, number, number];
      // What the map shows uncovered, from that camera in that frame: the whole box, and not much more.
      const seen = visibleBoundsAround({ lat, lng, zoom }, frame, frame.insets);
      expect(seen.west, device).toBeLessThanOrEqual(paris.west + 1e-3);
      expect(seen.east, device).toBeGreaterThanOrEqual(paris.east - 1e-3);
      expect(seen.south, device).toBeLessThanOrEqual(paris.south + 1e-3);
      expect(seen.north, device).toBeGreaterThanOrEqual(paris.north - 1e-3);
      expect((seen.north - seen.south) / (paris.north - paris.south), device).toBeLessThan(3);
    }
    // The phone's camera sits south of the box's middle, by half the list's height, so the box shows above it.
    const phoneLat = Number(cameraForBbox(bbox, EMBED_FRAMES.phone)!.split(',')[0]);
    expect(phoneLat).toBeLessThan((paris.south + paris.north) / 2);
    const query = new URLSearchParams(normalizedEmbedQuery({ bbox }, [], {}, EMBED_FRAMES.phone)!);
    expect(query.get('at')).toBe(cameraForBbox(bbox, EMBED_FRAMES.phone));
    // The box travels with the camera, for a page whose frame is not the one taken here to frame it again.
    expect(query.get('fit')).toBe(bbox);
    expect(new URLSearchParams(normalizedEmbedQuery({ bbox: 'a,b,c,d' }, [])!).get('fit')).toBeNull();
  });

  it('ignores a malformed bbox', () => {
    for (const bbox of ['', '1,2,3', '5,45,4,46', 'a,b,c,d', '-200,0,0,10']) expect(cameraForBbox(bbox)).toBeNull();
  });
});
