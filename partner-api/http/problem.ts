import type { TProblem } from '@/lib/contract';

/** One offending member of a request: a JSON pointer (`#/locationFilter/circle/lat`) and what is wrong with it. */
export interface ProblemFieldError {
  pointer: string;
  detail: string;
}

/**
 * Thrown anywhere in a request to answer with an RFC 9457 problem (docs/design.md §4.1); the app's error handler turns
 * it into `application/problem+json`. Anything else thrown becomes a bare 500 with no internals.
 */
export class ProblemError extends Error {
  override name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly errors?: ProblemFieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The problem body of a status (`type: about:blank`, the status's reason phrase as title). */
export function problemBody(status: number, detail?: string, errors?: ProblemFieldError[]): TProblem {
  const body: TProblem = { type: 'about:blank', title: TITLES[status] ?? 'Error', status };
  if (detail) body.detail = detail;
  if (errors && errors.length > 0) body.errors = errors;
  return body;
}

/** A 404 problem for an unknown record. */
export function notFound(what: string): ProblemError {
  return new ProblemError(404, `${what} was not found.`);
}
