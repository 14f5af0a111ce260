import { describe, expect, it } from 'vitest';
import { negotiateLocale, parseAcceptLanguage } from './negotiate';

describe('negotiateLocale', () => {
  it('takes the first supported language by quality', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8,fr;q=0.7')).toBe('en');
    expect(negotiateLocale('en;q=0.5, fr-CA;q=0.9')).toBe('fr');
    expect(negotiateLocale('EN-us')).toBe('en');
  });

  it('falls back to French without a usable preference', () => {
    expect(negotiateLocale(undefined)).toBe('fr');
    expect(negotiateLocale('')).toBe('fr');
    expect(negotiateLocale('de, es;q=0.5')).toBe('fr');
    expect(negotiateLocale('en;q=0')).toBe('fr');
    expect(negotiateLocale('*')).toBe('fr');
    expect(negotiateLocale(';;;,,q=x')).toBe('fr');
    // A brand's default locale replaces French as the fallback, and only as the fallback.
    expect(negotiateLocale('de', null, 'en')).toBe('en');
    expect(negotiateLocale('*', null, 'en')).toBe('en');
    expect(negotiateLocale('fr-FR', null, 'en')).toBe('fr');
  });

  it('lets the switcher cookie win, and ignores a forged one', () => {
    expect(negotiateLocale('fr', 'en')).toBe('en');
    expect(negotiateLocale('en', 'xx')).toBe('en');
  });

  it('keeps header order for equal quality and bounds the work', () => {
    expect(parseAcceptLanguage('fr, en')).toEqual(['fr', 'en']);
    expect(parseAcceptLanguage('a,'.repeat(10_000)).length).toBeLessThanOrEqual(50);
  });
});
