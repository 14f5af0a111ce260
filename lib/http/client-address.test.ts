import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from './client-address';

describe('clientAddress', () => {
  it('uses the socket peer unless the proxy is trusted, so a client cannot choose its own key', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', false)).toBe('203.0.113.7');
    expect(clientAddress(undefined, undefined, false)).toBe('unknown');
  });

  it('behind a trusted proxy, takes the entry that proxy appended (the right-most)', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1', true)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', 'spoofed-by-client, 198.51.100.1', true)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.2', ['1.1.1.1', '198.51.100.2'], true)).toBe('198.51.100.2');
    expect(clientAddress('10.0.0.2', undefined, true)).toBe('10.0.0.2');
  });
});

describe('addressKey', () => {
  it('unwraps IPv4-mapped IPv6 and keys IPv6 by its /64', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
