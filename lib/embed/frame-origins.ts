/**
 * Whether a site may frame the embed under the brand's `frame-ancestors` (lib/brand/schema.ts `embedOrigins`): the
 * builder warns a partner whose site is not allowed before they paste a snippet that would show a grey, refused frame.
 * Source expressions as CSP reads them: `'self'` (the app's own origin), `https://a.example`, a host wildcard
 * `https://*.a.example`, a port wildcard `http://localhost:*`; a missing port is the scheme's default.
 */
export function frameAllowed(site: string, sources: readonly string[], selfOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return false;
  }
  if (url.origin === selfOrigin) return true;
  return sources.some((source) => source !== "'self'" && sourceMatches(url, source));
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function sourceMatches(url: URL, source: string): boolean {
  const m = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?\/?$/i.exec(source.trim());
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  // CSP lets an http source match its https upgrade.
  const lower = scheme!.toLowerCase();
  const schemeOk = url.protocol === `${lower}:` || (lower === 'http' && url.protocol === 'https:');
  if (!schemeOk) return false;
  const hostname = url.hostname.toLowerCase();
  const want = host!.toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${want}`) : hostname !== want) return false;
  if (port === '*') return true;
  const actual = url.port || DEFAULT_PORTS[url.protocol];
  // Without a port the source means the scheme's default one, or that of the page's (upgraded) scheme.
  return port === undefined ? actual === DEFAULT_PORTS[url.protocol] : actual === port;
}

/** What the builder lists as allowed: the sources, with `'self'` spelled as the app's own origin. */
export function allowedOriginsList(sources: readonly string[], selfOrigin: string): string[] {
  return [selfOrigin, ...sources.filter((s) => s !== "'self'" && s !== selfOrigin)];
}
