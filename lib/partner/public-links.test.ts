import { describe, expect, it } from 'vitest';
import { publicRedirectTarget, rewritePublicLinks, rewritePublicLinksInJson } from './public-links';

const ORIGIN = 'http://127.0.0.1:4000';

describe('rewritePublicLinksInJson', () => {
  it("turns the service's image, tracked and service links into same-origin paths", () => {
    const body = JSON.stringify({
      image: `${ORIGIN}/images/event/1-main.svg`,
      link: `${ORIGIN}/r/abc.def`,
      serviceLink: `${ORIGIN}/e/42`,
      partner: { logo: `${ORIGIN}/images/partner/1-logo.svg` },
    });
    expect(JSON.parse(rewritePublicLinksInJson(body, ORIGIN))).toEqual({
      image: '/images/event/1-main.svg',
      link: '/r/abc.def',
      serviceLink: '/e/42',
      partner: { logo: '/images/partner/1-logo.svg' },
    });
  });

  it('accepts JSON that escapes slashes', () => {
    const body = String.raw`{"image":"http:\/\/127.0.0.1:4000\/images\/a.svg"}`;
    expect(JSON.parse(rewritePublicLinksInJson(body, ORIGIN))).toEqual({ image: '/images/a.svg' });
  });

  it('leaves other URLs, other paths of the service and look-alike hosts alone', () => {
    const body = JSON.stringify({
      a: 'https://cdn.example/images/a.svg',
      b: `${ORIGIN}/v2/get/events`,
      c: 'http://127.0.0.1:40000/images/a.svg',
      d: `text mentioning ${ORIGIN}/images/a.svg inside`,
      e: 'http://127.0.0.1:4000.evil.example/images/a.svg',
    });
    expect(rewritePublicLinksInJson(body, ORIGIN)).toBe(body);
  });

  it('returns the very same bytes when nothing matched', () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    expect(rewritePublicLinks(bytes, ORIGIN)).toBe(bytes);
  });
});

describe('publicRedirectTarget', () => {
  it('makes loopback targets paths on the requested origin', () => {
    expect(publicRedirectTarget('http://localhost:3000/events/7?x=1', ORIGIN)).toBe('/events/7?x=1');
    expect(publicRedirectTarget('http://127.0.0.1:4000/images/a.svg', ORIGIN)).toBe('/images/a.svg');
  });

  it('keeps targets out on the internet as they are', () => {
    expect(publicRedirectTarget('https://tickets.example/buy/1', ORIGIN)).toBe('https://tickets.example/buy/1');
  });
});
