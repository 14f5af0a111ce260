import 'server-only';
import { statusTitle, type TProblem } from '@/lib/contract';
import { currentRequestContext } from '@/lib/observability/request-context';
import { NO_STORE } from './cache';

export interface ProblemInit {
  status: number;
  detail?: string;
  errors?: { pointer: string; detail: string }[];
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
}

/**
 * An RFC 9457 `application/problem+json` response; never cached, never carrying internals. It carries the visitor's
 * request id (and trace id) when served within a request of the web server, so a report quoting it leads to the logs.
 */
export function problemResponse({ status, detail, errors, headers }: ProblemInit): Response {
  const body: TProblem = { type: 'about:blank', title: statusTitle(status), status };
  if (detail) body.detail = detail;
  if (errors && errors.length > 0) body.errors = errors;
  const context = currentRequestContext();
  if (context) {
    body.requestId = context.requestId;
    if (context.traceId) body.traceId = context.traceId;
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': NO_STORE, ...headers },
  });
}
