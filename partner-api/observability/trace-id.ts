import type { IncomingMessage } from 'node:http';
import { traceIdOfTraceparent } from '@/lib/contract/request-id';

/**
 * The trace id a request belongs to, for its log lines and problem body: the one of its W3C `traceparent` header
 * (with tracing on, the server span continues that trace, so it is the same id), or undefined.
 */
export function requestTraceId(raw: IncomingMessage): string | undefined {
  return traceIdOfTraceparent(raw.headers.traceparent);
}
