import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { jsonPointer } from '@/lib/contract';
import { problemBody, ProblemError, type ProblemFieldError } from './problem';
import { allowedMethods, PROBLEM_CONTENT_TYPE } from './problem-handler';

/** Pointers at the first strings (values or keys) of a parsed body that hold U+FFFD, where invalid bytes were. */
function replacementPointers(value: unknown, path: (string | number)[] = []): ProblemFieldError[] {
  const detail = 'Not valid UTF-8.';
  if (typeof value === 'string') return value.includes('\uFFFD') ? [{ pointer: jsonPointer(path), detail }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => replacementPointers(item, [...path, i])).slice(0, 1);
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\uFFFD')) return [{ pointer: jsonPointer([...path, key]), detail }];
      const found = replacementPointers(item, [...path, key]);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/** The problem for a JSON body that is not valid UTF-8, naming the member that holds the bad bytes when it can. */
function invalidUtf8Body(body: Buffer): ProblemError {
  let errors: ProblemFieldError[] = [];
  try {
    errors = replacementPointers(JSON.parse(body.toString('utf8')) as unknown);
  } catch {
    // Not JSON either: the detail says what is wrong with the bytes.
  }
  return new ProblemError(400, 'The request body is not valid UTF-8.', errors.length > 0 ? errors : undefined);
}

/**
 * The refusal of a body that names `__proto__` (or `constructor.prototype`), pointing at that member: Fastify's
 * parser refuses such bodies (prototype poisoning) with no word about where.
 */
function poisonedMember(text: string): ProblemError | null {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  const find = (node: unknown, path: (string | number)[]): (string | number)[] | null => {
    if (!node || typeof node !== 'object') return null;
    for (const [key, item] of Object.entries(node)) {
      if (key === '__proto__') return [...path, key];
      if (key === 'constructor' && item && typeof item === 'object' && Object.hasOwn(item as object, 'prototype')) {
        return [...path, key, 'prototype'];
      }
      const found = find(item, [...path, key]);
      if (found) return found;
    }
    return null;
  };
  const path = find(value, []);
  return path
    ? new ProblemError(400, 'The request body is invalid.', [
        { pointer: jsonPointer(path), detail: 'Forbidden member name.' },
      ])
    : null;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text.replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
}

/** Field errors for query parameters whose percent-encoding does not decode to UTF-8 (`?search=%FF%FE`). */
export function undecodableQuery(url: string): ProblemFieldError[] {
  const at = url.indexOf('?');
  if (at < 0) return [];
  const errors: ProblemFieldError[] = [];
  for (const pair of url.slice(at + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    if (!decodes(key)) {
      errors.push({ pointer: '#', detail: 'A parameter name is not valid percent-encoded UTF-8.' });
    } else if (!decodes(value)) {
      errors.push({
        pointer: jsonPointer([decodeURIComponent(key.replaceAll('+', ' '))]),
        detail: 'Not valid percent-encoded UTF-8.',
      });
    }
  }
  return errors;
}

/**
 * Input is UTF-8 everywhere (docs/design.md §4.1): a JSON body whose bytes are not valid UTF-8, or a query whose escapes do not
 * decode, is a 400 naming the field — never text silently patched with U+FFFD. Runs before authentication, like
 * the parsing of a malformed URL.
 */
export function installStrictRequests(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(invalidUtf8Body(bytes), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    void parseJson(request, text, (error, value) => {
      done(error ? (poisonedMember(text) ?? error) : null, value);
    });
  });

  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '/';
    if (!url.includes('%') || !url.includes('?')) return;
    const errors = undecodableQuery(url);
    if (errors.length > 0) throw new ProblemError(400, 'The query parameters are invalid.', errors);
  });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** `METHOD /path HTTP/1.1` from the bytes the HTTP parser refused, when they start with a request line. */
function requestLine(raw: Buffer | undefined): { method: string; path: string } | null {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(
    raw?.subarray(0, 8_192).toString('latin1') ?? '',
  );
  return match ? { method: match[1]!, path: match[2]! } : null;
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a method it does not know such as `FOO`,
 * a malformed request line or header) as a problem, in place of Node's default `{"error":"Bad Request"}`: a 405 with
 * `Allow` when the path exists, 404 when it does not, 431 for oversized headers, 400 otherwise. Pass as Fastify's
 * `clientErrorHandler`.
 */
export function answerClientError(app: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // As Node's own handler: nothing to answer on a reset or closed socket, nor over a response already under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  let status = 400;
  let detail = 'The request is not well-formed HTTP.';
  const headers: Record<string, string> = {};
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'The request headers are too large.';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'The request took too long to arrive.';
  } else if (error.code === 'HPE_INVALID_METHOD') {
    // Node hands the refused bytes over as a Buffer (`rawPacket`); Fastify's type describes its JSON form.
    const raw = (error as { rawPacket?: unknown }).rawPacket;
    const line = requestLine(Buffer.isBuffer(raw) ? raw : undefined);
    const allowed = line ? allowedMethods(app, line.path) : [];
    if (allowed.length > 0) {
      status = 405;
      detail = 'This method is not allowed on this resource.';
      headers.Allow = allowed.join(', ');
    } else if (line) {
      status = 404;
      detail = 'No resource at this address.';
    }
  }
  const body = JSON.stringify(problemBody(status, detail));
  const head = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`,
    `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
