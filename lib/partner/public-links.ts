/**
 * The Partner API's public links (pictures, tracked Book links, service links) as this web app serves them.
 *
 * The embedded service writes its links against its own address (`http://127.0.0.1:4000/...`), which only the
 * machine running it can reach: a phone on the same network or a visitor of a partner's site would get broken
 * pictures and dead Book buttons. So the app rewrites those links to paths on its own origin (`/images/...`,
 * `/r/...`, `/e/...`) and answers those paths by forwarding them to the service (lib/partner/link-proxy.ts).
 * Paths, not absolute URLs: the browser resolves them against whatever address it reached the app at, so no
 * `Host` header has to be trusted to build them.
 */

/** The first path segments the service serves publicly; nothing else is ever forwarded. */
export const PUBLIC_LINK_PREFIXES = ['images', 'r', 'e'] as const;
export type PublicLinkPrefix = (typeof PUBLIC_LINK_PREFIXES)[number];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patterns = new Map<string, RegExp>();

/** Matches a JSON string that starts with `origin` followed by one of the public prefixes. */
function patternFor(origin: string): RegExp {
  let pattern = patterns.get(origin);
  if (!pattern) {
    // JSON may escape `/` as `\/`; both spellings are links.
    const slash = String.raw`(?:\/|\\\/)`;
    const spelled = escapeRegExp(origin).replace(/\//g, slash);
    pattern = new RegExp(`"${spelled}(${slash}(?:${PUBLIC_LINK_PREFIXES.join('|')})${slash})`, 'g');
    patterns.set(origin, pattern);
  }
  return pattern;
}

/** Rewrites the links under `origin` in a JSON text to same-origin paths; other URLs are left as they are. */
export function rewritePublicLinksInJson(json: string, origin: string): string {
  if (!json.includes(origin.slice(origin.indexOf('//') + 2))) return json;
  return json.replace(patternFor(origin), '"$1');
}

/** {@link rewritePublicLinksInJson} on a body's bytes; returns the same bytes when nothing matched. */
export function rewritePublicLinks(bytes: Uint8Array<ArrayBuffer>, origin: string): Uint8Array<ArrayBuffer> {
  const text = decoder.decode(bytes);
  const rewritten = rewritePublicLinksInJson(text, origin);
  return rewritten === text ? bytes : encoder.encode(rewritten);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect target as the browser should get it: a target on a loopback address (the service, or the web app as
 * the service knows it) becomes a path on the app's own origin; any other target passes unchanged.
 */
export function publicRedirectTarget(location: string, linksOrigin: string): string {
  let url: URL;
  try {
    url = new URL(location, linksOrigin);
  } catch {
    return location;
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (!loopback && url.origin !== linksOrigin) return location;
  return `${url.pathname}${url.search}${url.hash}`;
}
