import { createCipheriv, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTrackedLinks } from './tracked-link';
import { linkMarkerValue } from './link-marker';

const links = createTrackedLinks({ key: Buffer.alloc(32, 7), publicUrl: 'https://api.example.com' });

describe('tracked links', () => {
  it('round-trips source and client through a signed token', () => {
    const token = links.tokenFor(42, 'demo-b');
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(links.verifyLinkToken(token)).toEqual({ sourceId: 42, clientId: 'demo-b' });
    expect(links.urlFor(42, 'demo-b')).toBe(`https://api.example.com/r/${token}`);
  });

  it('tags a token as documented: AES-128 of the source id under the client key derived from the secret', () => {
    const key = Buffer.alloc(32, 7);
    const clientKey = createHmac('sha256', key).update('tracked-link/demo').digest().subarray(0, 16);
    const block = Buffer.alloc(16);
    block.write('EvLk', 0, 'latin1');
    block.writeBigUInt64BE(123_456_789_012n, 8);
    const tag = createCipheriv('aes-128-ecb', clientKey, null).setAutoPadding(false).update(block);
    expect(links.tokenFor(123_456_789_012, 'demo')).toBe(
      `${Buffer.from('123456789012.demo').toString('base64url')}.${tag.toString('base64url')}`,
    );
  });

  it('signs all the new links of a page together, each exactly as its own token', () => {
    // A fresh signer, so no link of the page is cached: the page's links are all tagged in one batch.
    const fresh = createTrackedLinks({ key: Buffer.alloc(32, 9), publicUrl: 'https://api.example.com' });
    const ids = [5, 17, 5, 2 ** 40 + 3, 0, 99_999, 17, 123_456];
    const items = ids.map((id) => Buffer.from(JSON.stringify({ id, link: linkMarkerValue(id) })));
    const page = JSON.parse(fresh.renderJsonPage('[', items, ']', 'demo-b').toString('utf8')) as { link: string }[];
    expect(page.map((event) => event.link)).toEqual(ids.map((id) => fresh.urlFor(id, 'demo-b')));
    for (const [i, event] of page.entries()) {
      const token = event.link.slice('https://api.example.com/r/'.length);
      expect(fresh.verifyLinkToken(token)).toEqual({ sourceId: ids[i], clientId: 'demo-b' });
    }
  });

  it('gives each client its own token for a source', () => {
    expect(links.tokenFor(42, 'demo')).not.toBe(links.tokenFor(42, 'demo-b'));
  });

  it('refuses forged, altered, truncated and foreign tokens', () => {
    const token = links.tokenFor(42, 'demo');
    const [payload, signature] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from('42.demo-b').toString('base64url');
    // The same source written with a leading zero: one link, one token.
    const paddedPayload = Buffer.from('042.demo').toString('base64url');
    const other = createTrackedLinks({ key: Buffer.alloc(32, 8), publicUrl: 'https://api.example.com' });
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${paddedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      payload,
      `${payload}.`,
      '',
      'a.b.c',
      other.tokenFor(42, 'demo'),
      `${payload}.${signature}`.repeat(10),
    ]) {
      expect(links.verifyLinkToken(bad), bad).toBeNull();
    }
  });

  it('replaces every marker of serialized JSON with the client link', () => {
    const json = JSON.stringify({ sources: [{ link: linkMarkerValue(1) }, { link: linkMarkerValue(22) }] });
    const rendered = JSON.parse(links.renderLinks(json, 'demo')) as { sources: Array<{ link: string }> };
    expect(rendered.sources.map((source) => source.link)).toEqual([links.urlFor(1, 'demo'), links.urlFor(22, 'demo')]);
    // Cached renderings stay per client.
    const again = JSON.parse(links.renderLinks(json, 'demo-b')) as { sources: Array<{ link: string }> };
    expect(again.sources[0]?.link).toBe(links.urlFor(1, 'demo-b'));
  });

  it('renders a page of stored bytes exactly as the string path renders the same text', () => {
    // Fragments that look like markers, almost-markers (no digits, no closing escape, cut short) and non-ASCII text.
    const fragment = fc.oneof(
      fc.nat({ max: 99_999 }).map((id) => JSON.stringify(linkMarkerValue(id)).slice(1, -1)),
      fc.constantFrom('\\u0001L', '\\u0001L12', '\\u0001Lx\\u0002', '\\u0002', '\\u0001L7\\u000', 'é€😀', ','),
      fc.string(),
    );
    // Each item joins its fragments, so markers can also form across two of them, in both paths alike.
    const item = fc.array(fragment, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.constantFrom('demo', 'demo-b'), (items, clientId) => {
        const page = links.renderJsonPage(
          '{"data":[',
          items.map((text) => Buffer.from(text, 'utf8')),
          ']}',
          clientId,
        );
        expect(page.toString('utf8')).toBe(links.renderLinks(`{"data":[${items.join(',')}]}`, clientId));
      }),
    );
  });
});
