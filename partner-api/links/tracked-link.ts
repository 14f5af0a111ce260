import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { appendLinkMarkerSlices, renderLinkMarkers } from './link-marker';

/**
 * Tracked links (docs/design.md §4.7): each `sources[].link` served to a client becomes `{publicUrl}/r/{token}`, where
 * the token names the source and the client and is signed, so following it records a click for the right client and a
 * forged token is refused. Token = base64url(`{sourceId}.{clientId}`) "." base64url(tag), where
 * tag = AES-128(clientKey, "EvLk" 0000 sourceId as 64-bit big-endian) and clientKey = HMAC-SHA256(key,
 * "tracked-link/" + clientId) truncated to 128 bits.
 *
 * A block cipher on one fixed-length block is a pseudo-random function, so the tag is a MAC of the source id under
 * the client's own key. Unlike an HMAC per link, one cipher call tags every new link of a page at once: a catalogue
 * walk renders ~120 000 links the first time, and an HMAC each was a quarter of that walk (measured).
 */

const TAG_BYTES = 16;
const BLOCK_MAGIC = 0x45764c6b; // "EvLk": keeps these blocks apart from any other use of a client key.
const MAX_TOKEN_LENGTH = 256;
/** Links kept per generation of the byte cache (at most twice this many in all). */
const LINK_CACHE_GENERATION = 200_000;
/** Client keys kept for rendering; only authenticated clients render links, so this bounds nothing a caller sends. */
const CLIENT_KEY_CACHE = 1_000;

export interface LinkTarget {
  sourceId: number;
  clientId: string;
}

export interface TrackedLinks {
  /** The signed token of a source as served to a client. */
  tokenFor: (sourceId: number, clientId: string) => string;
  /** `{publicUrl}/r/{token}`. */
  urlFor: (sourceId: number, clientId: string) => string;
  /** Swaps every link marker of serialized event JSON for the client's tracked link (JSON-escaped). */
  renderLinks: (json: string, clientId: string) => string;
  /**
   * `prefix` + the items joined by commas + `suffix` as one UTF-8 Buffer, every link marker of the items swapped
   * for the client's tracked link: a page of pre-serialized events, assembled without ever becoming a JS string.
   * Each item is one JSON value.
   */
  renderJsonPage: (prefix: string, items: readonly Buffer[], suffix: string, clientId: string) => Buffer;
  /** The source and client of a genuine token; null for anything forged, truncated or malformed. */
  verifyLinkToken: (token: string) => LinkTarget | null;
}

/** Creates the tracked-link signer; `key` is a dedicated secret key, `publicUrl` has no trailing slash. */
export function createTrackedLinks({ key, publicUrl }: { key: Uint8Array; publicUrl: string }): TrackedLinks {
  const deriveClientKey = (clientId: string) =>
    createHmac('sha256', key).update(`tracked-link/${clientId}`).digest().subarray(0, 16);

  const clientKeys = new Map<string, Buffer>();
  function cachedClientKey(clientId: string): Buffer {
    let clientKey = clientKeys.get(clientId);
    if (clientKey === undefined) {
      if (clientKeys.size >= CLIENT_KEY_CACHE) clientKeys.clear();
      clientKey = deriveClientKey(clientId);
      clientKeys.set(clientId, clientKey);
    }
    return clientKey;
  }

  /** The tags of many sources under one client key, in one cipher call: TAG_BYTES each, in order. */
  function tags(sourceIds: readonly number[], clientKey: Buffer): Buffer {
    const blocks = Buffer.alloc(sourceIds.length * TAG_BYTES);
    sourceIds.forEach((sourceId, i) => {
      const at = i * TAG_BYTES;
      blocks.writeUInt32BE(BLOCK_MAGIC, at);
      blocks.writeUInt32BE(Math.floor(sourceId / 0x1_0000_0000), at + 8);
      blocks.writeUInt32BE(sourceId >>> 0, at + 12);
    });
    const cipher = createCipheriv('aes-128-ecb', clientKey, null).setAutoPadding(false);
    return Buffer.concat([cipher.update(blocks), cipher.final()]);
  }

  const tokenWithTag = (sourceId: number, clientId: string, tag: Buffer) =>
    `${Buffer.from(`${sourceId}.${clientId}`).toString('base64url')}.${tag.toString('base64url')}`;

  const tokenFor = (sourceId: number, clientId: string) =>
    tokenWithTag(sourceId, clientId, tags([sourceId], cachedClientKey(clientId)));

  /** The JSON-escaped text of a client's link, as UTF-8 bytes (what replaces the marker's quoted value). */
  const linkBytes = (token: string) => Buffer.from(JSON.stringify(`${publicUrl}/r/${token}`).slice(1, -1), 'utf8');

  // Rendering runs for every event of every response: remember each (client, source) link, JSON-escaped, as UTF-8
  // bytes (what pages assembled from stored bytes splice in; the string path of single records decodes them). Per
  // client a Map keyed by source id, in two generations (a full young generation becomes the old one and the old one
  // is dropped; a hit in the old one moves back to the young one): a catalogue walk renders every source once, where
  // an LRU's bookkeeping and garbage were a measured part of each page.
  let young = new Map<string, Map<number, Buffer>>();
  let old = new Map<string, Map<number, Buffer>>();
  let youngSize = 0;

  function remember(sourceId: number, clientId: string, bytes: Buffer): void {
    if (youngSize >= LINK_CACHE_GENERATION) {
      old = young;
      young = new Map();
      youngSize = 0;
    }
    let links = young.get(clientId);
    if (links === undefined) {
      links = new Map();
      young.set(clientId, links);
    }
    links.set(sourceId, bytes);
    youngSize += 1;
  }

  function cachedLink(sourceId: number, clientId: string): Buffer | undefined {
    const hit = young.get(clientId)?.get(sourceId);
    if (hit !== undefined) return hit;
    const older = old.get(clientId)?.get(sourceId);
    if (older !== undefined) remember(sourceId, clientId, older);
    return older;
  }

  /** The links of sources not cached yet, tagged together, remembered and returned in order. */
  function renderNewLinks(sourceIds: readonly number[], clientId: string): Buffer[] {
    const all = tags(sourceIds, cachedClientKey(clientId));
    return sourceIds.map((sourceId, i) => {
      const bytes = linkBytes(tokenWithTag(sourceId, clientId, all.subarray(i * TAG_BYTES, (i + 1) * TAG_BYTES)));
      remember(sourceId, clientId, bytes);
      return bytes;
    });
  }

  const renderedLinkBytes = (sourceId: number, clientId: string) =>
    cachedLink(sourceId, clientId) ?? renderNewLinks([sourceId], clientId)[0]!;

  const COMMA = Buffer.from(',');

  function renderJsonPage(prefix: string, items: readonly Buffer[], suffix: string, clientId: string): Buffer {
    const head = Buffer.from(prefix, 'utf8');
    // First the slices between markers, with each marker's source id in its place; then the links.
    const pieces: (Buffer | number)[] = [head];
    let total = head.length;
    items.forEach((item, i) => {
      if (i > 0) {
        pieces.push(COMMA);
        total += 1;
      }
      total += appendLinkMarkerSlices(item, pieces);
    });
    const missing: number[] = [];
    const missingAt = new Map<number, number[]>();
    pieces.forEach((piece, at) => {
      if (typeof piece !== 'number') return;
      const link = cachedLink(piece, clientId);
      if (link !== undefined) {
        pieces[at] = link;
        total += link.length;
        return;
      }
      const positions = missingAt.get(piece);
      if (positions === undefined) {
        missing.push(piece);
        missingAt.set(piece, [at]);
      } else positions.push(at);
    });
    if (missing.length > 0) {
      renderNewLinks(missing, clientId).forEach((link, i) => {
        for (const at of missingAt.get(missing[i]!)!) {
          pieces[at] = link;
          total += link.length;
        }
      });
    }
    const tail = Buffer.from(suffix, 'utf8');
    pieces.push(tail);
    return Buffer.concat(pieces as Buffer[], total + tail.length);
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
      const tag = Buffer.from(match[2], 'base64url');
      // Only the canonical encoding is accepted, so each link has exactly one valid token.
      if (Buffer.from(payload).toString('base64url') !== match[1]) return null;
      if (tag.length !== TAG_BYTES || tag.toString('base64url') !== match[2]) return null;
      const parts = /^(0|[1-9]\d{0,14})\.(.+)$/s.exec(payload);
      if (!parts?.[1] || !parts[2]) return null;
      const sourceId = Number(parts[1]);
      const clientId = parts[2];
      // The client id comes from the caller here: derive its key without caching it.
      if (!timingSafeEqual(tag, tags([sourceId], deriveClientKey(clientId)))) return null;
      return { sourceId, clientId };
    },
  };
}
