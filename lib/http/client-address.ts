import { isIPv6 } from 'node:net';

/*
 * No 'server-only' marker: the web server (scripts/web-server.ts, plain Node) uses this module too. It holds no secret.
 */

/**
 * Request header the web server sets on every request to the address the visitor's fair share is keyed on. Any value
 * a client sends under this name is replaced, so route handlers can trust it when the app runs under that server.
 */
export const CLIENT_ADDRESS_HEADER = 'x-eventmap-client-address';

/** The first 64 bits of an IPv6 address (one subscriber's usual allocation), in a canonical form. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The key of a client address for per-visitor limits: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped) return mapped[1]!;
  const withoutZone = trimmed.split('%', 1)[0]!;
  return isIPv6(withoutZone) ? ipv6Prefix64(withoutZone) : withoutZone;
}

/**
 * The visitor's address: the socket's peer, or — only when the app runs behind a reverse proxy the operator trusts —
 * the right-most `X-Forwarded-For` entry, the address that proxy saw and appended. Entries further left come from
 * the client itself (a proxy appends to what it receives) and could be anything; without trust, so could the whole
 * header, and a flooder could dodge its limit by changing it on every request.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor !== undefined) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
    const last = entries.at(-1)?.trim();
    if (last) return addressKey(last);
  }
  return remoteAddress ? addressKey(remoteAddress) : 'unknown';
}
