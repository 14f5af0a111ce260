import { describe, expect, it } from 'vitest';
import { explorerReturnHref } from './explorer-return';

const ORIGIN = 'https://events.example';

describe('explorerReturnHref', () => {
  it('returns to the explorer as it was: the remembered URL, else the referrer', () => {
    expect(explorerReturnHref(`${ORIGIN}/?at=45.7,4.8,12&cat=expo`, '', ORIGIN)).toBe('/?at=45.7,4.8,12&cat=expo');
    expect(explorerReturnHref(null, `${ORIGIN}/?q=jazz`, ORIGIN)).toBe('/?q=jazz');
  });

  it('never leaves the site or the explorer', () => {
    expect(explorerReturnHref('https://evil.example/?x=1', 'https://evil.example/', ORIGIN)).toBe('/');
    expect(explorerReturnHref(`${ORIGIN}/events/3`, `${ORIGIN}/saved`, ORIGIN)).toBe('/');
    expect(explorerReturnHref('//evil.example/', '', ORIGIN)).toBe('/');
  });
});
