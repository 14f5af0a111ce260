import type { IncomingMessage } from 'node:http';
import { traceIdOfTraceparent } from '@/lib/contract/request-id';
import { serverSpanOf } from './tracing';

/**
 * The trace id a request belongs to, for its log lines and problem body: with tracing on, the one of its server span
 * (which continues the request's `traceparent`, or starts a trace); with tracing off, the one of its W3C `traceparent`
 * header; undefined when neither.
 */
export function requestTraceId(raw: IncomingMessage): string | undefined {
  const span = serverSpanOf(raw);
  if (span?.isRecording()) return span.spanContext().traceId;
  return traceIdOfTraceparent(raw.headers.traceparent);
}
