import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRECTIONS_URL } from '@/lib/env';
import { directionsHref } from './directions';

describe('directionsHref', () => {
  it('fills every {lat} and {lng} of the template', () => {
    expect(directionsHref(DEFAULT_DIRECTIONS_URL, 48.8566, 2.3522)).toBe(
      'https://www.openstreetmap.org/?mlat=48.8566&mlon=2.3522#map=17/48.8566/2.3522',
    );
    expect(directionsHref('https://maps.example/dir?to={lat},{lng}', -33.9, 151.2)).toBe(
      'https://maps.example/dir?to=-33.9,151.2',
    );
  });

  it('gives no link when the operator turned it off', () => {
    expect(directionsHref(null, 48.8566, 2.3522)).toBeNull();
  });
});
