import { describe, expect, it } from 'vitest';
import { allowedOriginsList, frameAllowed } from './frame-origins';

const SELF = 'https://events.example';

describe('frameAllowed', () => {
  it('allows the app itself and exact origins, with default ports', () => {
    expect(frameAllowed('https://events.example/page', ["'self'"], SELF)).toBe(true);
    expect(frameAllowed('https://partner.example', ['https://partner.example'], SELF)).toBe(true);
    expect(frameAllowed('https://partner.example:443/x', ['https://partner.example'], SELF)).toBe(true);
    expect(frameAllowed('https://partner.example:8443', ['https://partner.example'], SELF)).toBe(false);
    expect(frameAllowed('https://other.example', ['https://partner.example'], SELF)).toBe(false);
  });

  it('reads host and port wildcards, and an http source matches its https upgrade', () => {
    expect(frameAllowed('http://localhost:5173', ['http://localhost:*'], SELF)).toBe(true);
    expect(frameAllowed('https://blog.partner.example', ['https://*.partner.example'], SELF)).toBe(true);
    expect(frameAllowed('https://partner.example', ['https://*.partner.example'], SELF)).toBe(false);
    expect(frameAllowed('https://partner.example', ['http://partner.example'], SELF)).toBe(true);
    expect(frameAllowed('http://partner.example', ['https://partner.example'], SELF)).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(frameAllowed('partner', ['https://partner.example'], SELF)).toBe(false);
  });
});

describe('allowedOriginsList', () => {
  it('spells self as the app origin, once', () => {
    expect(allowedOriginsList(["'self'", 'http://localhost:*'], SELF)).toEqual([SELF, 'http://localhost:*']);
  });
});
