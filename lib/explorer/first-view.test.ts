import { describe, expect, it } from 'vitest';
import { boundsAround } from './bounds';
import { coversView, FIRST_VIEW_MAP_SIZES, firstViewQuery } from './first-view';

const paris = { lng: 2.35, lat: 48.85, zoom: 12 };
const now = Date.UTC(2026, 10, 23, 18, 0);

describe('firstViewQuery', () => {
  it('builds the view and query of the URL camera, in the map box of the device class', () => {
    const phone = firstViewQuery(new URLSearchParams('at=48.85,2.35,12&cat=musique'), paris, 'phone', now)!;
    const desktop = firstViewQuery(new URLSearchParams('at=48.85,2.35,12&cat=musique'), paris, 'desktop', now)!;
    expect(phone.view.camera).toEqual(paris);
    const { width, height } = FIRST_VIEW_MAP_SIZES.phone;
    expect(phone.view.bounds).toEqual(boundsAround(paris, width, height));
    const params = new URLSearchParams(phone.params);
    expect(params.get('categories')).toBe('musique');
    expect(params.get('limit')).toBe('500');
    expect(Number(params.get('maxLng')) - Number(params.get('minLng'))).toBeLessThan(
      Number(new URLSearchParams(desktop.params).get('maxLng')) -
        Number(new URLSearchParams(desktop.params).get('minLng')),
    );
  });

  it('uses the default camera when the URL has none, and keeps a partner preset inside its area', () => {
    const query = firstViewQuery(new URLSearchParams('parea=2.3,48.8,2.4,48.9&pcat=expo'), paris, 'desktop', now)!;
    const params = new URLSearchParams(query.params);
    expect(query.view.camera).toEqual(paris);
    expect(params.get('categories')).toBe('expo');
    expect(Number(params.get('minLng'))).toBeGreaterThanOrEqual(2.3);
    expect(Number(params.get('maxLat'))).toBeLessThanOrEqual(48.9);
  });

  it('is not drawn by the server for the results view or a date filter (local time)', () => {
    expect(firstViewQuery(new URLSearchParams('q=concert'), paris, 'phone', now)).toBeNull();
    expect(firstViewQuery(new URLSearchParams('when=today'), paris, 'phone', now)).toBeNull();
    expect(firstViewQuery(new URLSearchParams('live=1'), paris, 'phone', now)).not.toBeNull();
  });
});

describe('coversView', () => {
  const loaded = { camera: paris, bounds: boundsAround(paris, 1200, 900) };
  it('covers a smaller map around the same camera', () => {
    expect(coversView(loaded, boundsAround(paris, 860, 690))).toBe(true);
    expect(coversView(loaded, loaded.bounds)).toBe(true);
  });
  it('does not cover a larger map, or one moved away', () => {
    expect(coversView(loaded, boundsAround(paris, 1900, 1000))).toBe(false);
    expect(coversView(loaded, boundsAround({ ...paris, lng: 2.6 }, 860, 690))).toBe(false);
  });
});
