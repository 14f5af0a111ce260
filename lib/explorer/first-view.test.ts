import { describe, expect, it } from 'vitest';
import { boundsAround, visibleBoundsAround } from './bounds';
import { coversView, FIRST_VIEW_MAP_SIZES, firstViewQuery } from './first-view';

const paris = { lng: 2.35, lat: 48.85, zoom: 12 };
const now = Date.UTC(2026, 10, 23, 18, 0);

describe('firstViewQuery', () => {
  it('builds the view and query of the URL camera, in the map box of the device class', () => {
    const phone = firstViewQuery(new URLSearchParams('at=48.85,2.35,12&cat=musique'), paris, 'phone', now)!;
    const desktop = firstViewQuery(new URLSearchParams('at=48.85,2.35,12&cat=musique'), paris, 'desktop', now)!;
    expect(phone.view.camera).toEqual(paris);
    // On a phone, the part of the map above the half-open list sheet: what the list counts is what the map shows.
    const box = FIRST_VIEW_MAP_SIZES.phone;
    expect(phone.view.bounds).toEqual(visibleBoundsAround(paris, box, box.insets));
    expect(phone.view.bounds.south).toBeCloseTo(paris.lat, 9);
    expect(desktop.view.bounds).toEqual(boundsAround(paris, 1200, 900));
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
  it('covers a slightly smaller map around the same camera', () => {
    expect(coversView(loaded, boundsAround(paris, 1100, 800))).toBe(true);
    expect(coversView(loaded, loaded.bounds)).toBe(true);
  });
  it('does not stand for a much smaller map: the list would count far more than the map shows', () => {
    // A desktop's first view (the server took the browser for a desktop) on a phone's map above its sheet.
    expect(coversView(loaded, boundsAround(paris, 390, 362))).toBe(false);
    // …or on a smaller desktop's map.
    expect(coversView(loaded, boundsAround(paris, 860, 642))).toBe(false);
    // A phone's first view on a slightly smaller phone: kept.
    const phone = { camera: paris, bounds: boundsAround(paris, 430, 380) };
    expect(coversView(phone, boundsAround(paris, 390, 362))).toBe(true);
  });
  it('does not cover a larger map, or one moved away', () => {
    expect(coversView(loaded, boundsAround(paris, 1900, 1000))).toBe(false);
    expect(coversView(loaded, boundsAround({ ...paris, lng: 2.6 }, 860, 690))).toBe(false);
  });
});
