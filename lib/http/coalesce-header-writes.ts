import 'server-only';
import { ServerResponse } from 'node:http';

const PATCHED = Symbol.for('eventmap.coalesce-header-writes');

/**
 * Next.js sends every response body as a stream: `res.flushHeaders()`, then `res.write()` of each chunk, then, a few
 * promise turns later, `res.end()` — for a route handler's single-chunk JSON body, three socket writes (headers, body,
 * the chunked terminator), hence up to three wake-ups of the reader for what could be one. On this kind of VM each
 * loopback wake-up costs about a millisecond (bench/proxy.ts). Corking the socket at `flushHeaders` until the end of
 * the current event-loop turn (setImmediate) lets Node send all that is ready in one `writev`. A streamed page's later
 * chunks (Suspense boundaries resolving afterwards) still go out as they come, at most one turn later.
 */
export function coalesceHeaderWrites(): void {
  const proto = ServerResponse.prototype as ServerResponse & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the response as `this`
  const flushHeaders = proto.flushHeaders;
  proto.flushHeaders = function (this: ServerResponse) {
    const socket = this.socket;
    if (!socket || socket.writableCorked > 0) return flushHeaders.call(this);
    socket.cork();
    flushHeaders.call(this);
    setImmediate(() => socket.uncork());
  };
  proto[PATCHED] = true;
}
