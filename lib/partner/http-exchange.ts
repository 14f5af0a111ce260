import 'server-only';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

/*
 * One HTTP/1.1 exchange with the Partner API over node:http(s) and a keep-alive agent, rather than `fetch`.
 * Measured on the proxy path (bench/proxy.ts): undici's fetch turns even a small string body into a stream and adds
 * web-stream plumbing on the answer, about 1.3 ms a call on this machine — more than the 20 % the proxy may add to a
 * viewport query. Here the request goes out in a single write (headers and body together) and the answer is read
 * straight into one Buffer.
 */

export interface ExchangeRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /**
   * Whether sending it twice is harmless (default: true for GET). Only such a request is resent, once, when a kept-alive
   * socket turns out to have been closed by the server just as it was reused.
   */
  idempotent?: boolean;
}

export interface ExchangeResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Failure before a complete answer: `code` is the socket error code (ECONNREFUSED…) or `ABORT_ERR`. */
export class ExchangeError extends Error {
  override name = 'ExchangeError';
  constructor(readonly code: string) {
    super(`exchange failed: ${code}`);
  }
}

// Sockets stay open between calls: a viewport query must not pay a TCP handshake. `timeout` makes the agent honour
// the server's `Keep-Alive: timeout=N` hint (idle sockets are dropped a second before the server drops them); without
// it Node keeps idle sockets until the server closes them, racing every reuse against that close.
const agentOptions = {
  keepAlive: true,
  maxSockets: 64,
  maxFreeSockets: 16,
  scheduling: 'lifo',
  timeout: 60_000,
} as const;
const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

/** Socket errors that mean "the server had closed this kept-alive connection", when no answer had begun. */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Accept-Encoding to send: compression only pays across a network, not on loopback (docs/design.md §5). */
export function acceptEncodingFor(url: URL): string {
  const host = url.hostname;
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host === '::1';
  return loopback ? 'identity' : 'gzip, deflate, br';
}

function headersOf(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

function decompress(encoding: string | undefined, body: Buffer): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    default:
      return body;
  }
}

/**
 * Sends one request and resolves with the whole (decoded) answer; rejects with an {@link ExchangeError}. An idempotent
 * request that fails on a reused keep-alive socket before any answer arrives is sent once more on a fresh one: the
 * server closed that idle connection as it was being reused (it never saw the request), which a loaded event loop
 * makes likely however the idle timeouts are set.
 */
export function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  return attempt(request, (request.idempotent ?? request.method === 'GET') ? 'first' : 'only');
}

/**
 * `first` may be resent, `only` may not. A resend goes out on a connection of its own (`agent: false`), not on
 * another of the pool's: those have been idle at least as long as the one that failed (`lifo` hands out the most
 * recently used), so a server that dropped that one as idle has most likely dropped them too.
 */
function attempt(request: ExchangeRequest, kind: 'first' | 'only' | 'resend'): Promise<ExchangeResponse> {
  const { url, signal } = request;
  const client = url.protocol === 'https:' ? https : http;
  const agent = kind === 'resend' ? false : url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.body !== undefined) headers['Content-Length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ExchangeError('ABORT_ERR'));
      return;
    }
    let settled = false;
    let answered = false;
    const fail = (code: string) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      reject(new ExchangeError(code));
    };
    const outgoing = client.request(url, { method: request.method, headers, agent }, (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'ECONNRESET'));
      incoming.on('aborted', () => fail('ECONNRESET'));
      incoming.on('end', () => {
        if (settled) return;
        let body: Buffer;
        try {
          body = decompress(incoming.headers['content-encoding'], Buffer.concat(chunks));
        } catch {
          fail('EBADBODY');
          return;
        }
        settled = true;
        signal.removeEventListener('abort', onAbort);
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>;
        resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), bytes });
      });
    });
    function onAbort() {
      // Destroying the socket also frees it from the agent: a half-read answer must never be reused.
      outgoing.destroy();
      fail('ABORT_ERR');
    }
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? 'ECONNRESET';
      if (kind === 'first' && !settled && !answered && outgoing.reusedSocket && STALE_SOCKET_CODES.has(code)) {
        settled = true;
        signal.removeEventListener('abort', onAbort);
        attempt(request, 'resend').then(resolve, reject);
        return;
      }
      fail(code);
    });
    outgoing.end(request.body);
  });
}
