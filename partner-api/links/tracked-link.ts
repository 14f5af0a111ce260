import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendRenderedLinkMarkers, renderLinkMarkers } from './link-marker';

/**
 * Tracked links (DESIGN §4): each `sources[].link` served to a client becomes `{publicUrl}/r/{token}`, where the
 * token names the source and the client and is signed, so following it records a click for the right client and a
 * forged token is refused. Token = base64url(`{sourceId}.{clientId}`) "." base64url(HMAC-SHA256 truncated to 128 bits).
 */

const SIGNATURE_BYTES = 16;
const MAX_TOKEN_LENGTH = 256;
/** Links kept per generation of the byte cache (at most twice this many in all). */
const LINK_CACHE_GENERATION = 200_000;

export interface LinkTarget {
  sourceId: number;
  clientId: string;
}

export interface TrackedLinks {
  /** The signed token of a source as served to a client. */
  tokenFor(sourceId: number, clientId: string): string;
  /** `{publicUrl}/r/{token}`. */
  urlFor(sourceId: number, clientId: string): string;
  /** Swaps every link marker of serialized event JSON for the client's tracked link (JSON-escaped). */
  renderLinks(json: string, clientId: string): string;
  /**
   * `prefix` + the items joined by commas + `suffix` as one UTF-8 Buffer, every link marker of the items swapped
   * for the client's tracked link: a page of pre-serialized events, assembled without ever becoming a JS string.
   * Each item is one JSON value given as consecutive chunks (a marker never spans two chunks).
   */
  renderJsonPage(prefix: string, items: readonly (readonly Buffer[])[], suffix: string, clientId: string): Buffer;
  /** The source and client of a genuine token; null for anything forged, truncated or malformed. */
  verifyLinkToken(token: string): LinkTarget | null;
}

/** Creates the tracked-link signer; `key` is a dedicated HMAC key, `publicUrl` has no trailing slash. */
export function createTrackedLinks({ key, publicUrl }: { key: Uint8Array; publicUrl: string }): TrackedLinks {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

  function tokenFor(sourceId: number, clientId: string): string {
    const payload = `${sourceId}.${clientId}`;
    return `${Buffer.from(payload).toString('base64url')}.${sign(payload).toString('base64url')}`;
  }

  /** The JSON-escaped text of a client's link to a source (what replaces the marker's quoted value). */
  const linkText = (sourceId: number, clientId: string) =>
    JSON.stringify(`${publicUrl}/r/${tokenFor(sourceId, clientId)}`).slice(1, -1);

  // Rendering runs for every event of every response: remember each (client, source) link, JSON-escaped, as UTF-8
  // bytes (what pages assembled from stored bytes splice in; the string path of single records decodes them). Per
  // client a Map keyed by source id, in two generations (a full young generation becomes the old one and the old one
  // is dropped; a hit in the old one moves back to the young one): a catalogue walk renders every source once, where
  // an LRU's bookkeeping and garbage were a measured part of each page.
  let young = new Map<string, Map<number, Buffer>>();
  let old = new Map<string, Map<number, Buffer>>();
  let youngSize = 0;

  function renderedLinkBytes(sourceId: number, clientId: string): Buffer {
    let links = young.get(clientId);
    const hit = links?.get(sourceId);
    if (hit !== undefined) return hit;
    const bytes = old.get(clientId)?.get(sourceId) ?? Buffer.from(linkText(sourceId, clientId), 'utf8');
    if (youngSize >= LINK_CACHE_GENERATION) {
      old = young;
      young = new Map();
      youngSize = 0;
      links = undefined;
    }
    if (links === undefined) {
      links = new Map();
      young.set(clientId, links);
    }
    links.set(sourceId, bytes);
    youngSize += 1;
    return bytes;
  }

  const COMMA = Buffer.from(',');

  function renderJsonPage(
    prefix: string,
    items: readonly (readonly Buffer[])[],
    suffix: string,
    clientId: string,
  ): Buffer {
    const render = (sourceId: number) => renderedLinkBytes(sourceId, clientId);
    const head = Buffer.from(prefix, 'utf8');
    const out: Buffer[] = [head];
    let total = head.length;
    items.forEach((item, i) => {
      if (i > 0) {
        out.push(COMMA);
        total += 1;
      }
      for (const chunk of item) total += appendRenderedLinkMarkers(chunk, render, out);
    });
    const tail = Buffer.from(suffix, 'utf8');
    out.push(tail);
    return Buffer.concat(out, total + tail.length);
  }

  return {
    tokenFor,
    renderJsonPage,
    urlFor: (sourceId, clientId) => `${publicUrl}/r/${tokenFor(sourceId, clientId)}`,
    renderLinks: (json, clientId) =>
      renderLinkMarkers(json, (sourceId) => renderedLinkBytes(sourceId, clientId).toString('utf8')),
    verifyLinkToken(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const payload = Buffer.from(match[1], 'base64url').toString();
      const signature = Buffer.from(match[2], 'base64url');
      // Only the canonical encoding is accepted, so each link has exactly one valid token.
      if (Buffer.from(payload).toString('base64url') !== match[1]) return null;
      if (signature.length !== SIGNATURE_BYTES || signature.toString('base64url') !== match[2]) return null;
      if (!timingSafeEqual(signature, sign(payload))) return null;
      const parts = /^(\d{1,15})\.(.+)$/s.exec(payload);
      if (!parts?.[1] || !parts[2]) return null;
      return { sourceId: Number(parts[1]), clientId: parts[2] };
    },
  };
}
