/*
 * The parts of an RFC 9457 problem (docs/design.md §4.1) that both programs write: the title of a status and the
 * JSON pointer of an offending member. The service (partner-api/http/problem.ts) and the web app's /api routes
 * (lib/http/problem.ts) build their bodies with these, so a status reads the same from either.
 */

/** Reason phrases (RFC 9110 §15) of the statuses either program answers with; 499 is the client closing first. */
const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The title of a problem of `type: about:blank`: the status's reason phrase, as RFC 9457 §4.2.1 asks. */
export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/**
 * The pointer of a problem's `errors[]` entry: RFC 6901 in URI-fragment form, each token escaped (`~` → `~0`,
 * `/` → `~1`). `['locationFilter', 'circle', 'lat']` → `#/locationFilter/circle/lat`; the root is `#`.
 */
export function jsonPointer(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '#';
  return `#/${path.map((token) => String(token).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}
