import 'server-only';
import type { z } from 'zod';
import {
  toDecimalText,
  ZLoginResponseSchema,
  type TGetCatalogueRequest,
  type TGetEventsRequest,
  type TLoginRequest,
  type TLoginResponse,
  type TClicksQuery,
  type TPerformerSearchQuery,
  type TPlaceSearchQuery,
} from '@/lib/contract';
import { inClientSpan, propagationHeaders } from '@/lib/observability/request-context';
import { countTokenLogin, observeUpstreamCall, statusClass } from '@/lib/observability/web-metrics';
import { PartnerError, sanitizeRetryAfter } from './errors';
import { partnerOperations as ops, type PartnerOperation, type SearchInput } from './operations';
import { acceptEncodingFor, exchange as httpExchange, ExchangeError } from './http-exchange';
import { rewritePublicLinks } from './public-links';
import { TokenCache } from './token-cache';

export interface PartnerClientOptions {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4000`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Upper bound of one HTTP exchange (connect, headers and body). */
  timeoutMs: number;
  /** `full`: zod-validate every success body; `off`: JSON only (production speed). */
  validate: 'full' | 'off';
  /** The service origin whose public links become same-origin paths (lib/partner/public-links.ts); none: untouched. */
  linksOrigin?: string | null;
  /** Injectable clock (token expiry) for tests. */
  now?: () => number;
  refreshAheadMs?: number;
  /** Where background failures go; defaults to `console.warn`. Messages never hold secrets. */
  warn?: (message: string) => void;
}

/** A successful upstream answer, body untouched, for pass-through by route handlers. */
export interface UpstreamBody {
  status: number;
  bytes: Uint8Array<ArrayBuffer>;
}

interface Exchange {
  status: number;
  headers: Headers;
  bytes: Uint8Array<ArrayBuffer>;
}

const MAX_ERROR_TEXT = 500;
const decoder = new TextDecoder();

function truncate(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_ERROR_TEXT) : undefined;
}

/** The safe parts of an upstream problem body (RFC 9457), if it sent one. */
function readProblem(exchange: Exchange): Pick<PartnerError['details'], 'upstreamDetail' | 'upstreamErrors'> {
  if (!/json/i.test(exchange.headers.get('content-type') ?? '')) return {};
  try {
    const body = JSON.parse(decoder.decode(exchange.bytes)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return {};
    const upstreamErrors = Array.isArray(body.errors)
      ? body.errors.slice(0, 20).map((item: unknown) => {
          const entry = (item ?? {}) as Record<string, unknown>;
          return { pointer: truncate(entry.pointer) ?? '#', detail: truncate(entry.detail) ?? 'invalid' };
        })
      : undefined;
    return { upstreamDetail: truncate(body.detail) ?? truncate(body.title), upstreamErrors };
  } catch {
    return {};
  }
}

/**
 * Typed client of every Partner API endpoint. Holds this process's {@link TokenCache}: a call logs in (once, for
 * all concurrent callers), sends `Authorization: Bearer`, and after a 401 renews the token and retries exactly once.
 */
export class PartnerClient {
  readonly tokens: TokenCache;
  private readonly warn: (message: string) => void;

  constructor(private readonly options: PartnerClientOptions) {
    this.warn = options.warn ?? ((message) => console.warn(message));
    this.tokens = new TokenCache({
      login: (grant) =>
        this.login(grant).then(
          (response) => {
            countTokenLogin(grant.grantAccess, 'success');
            return response;
          },
          (error: unknown) => {
            countTokenLogin(grant.grantAccess, 'failure');
            throw error;
          },
        ),
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      now: options.now,
      refreshAheadMs: options.refreshAheadMs,
      onBackgroundError: (error) =>
        this.warn(`[partner] background token renewal failed: ${error instanceof Error ? error.message : 'error'}`),
    });
  }

  /** `POST /login` with either grant; throws a {@link PartnerError} (`http` 401 when the grant is rejected). */
  async login(grant: TLoginRequest): Promise<TLoginResponse> {
    const exchange = await this.exchange('POST', '/login', undefined, grant, undefined, undefined, 'login');
    if (exchange.status < 200 || exchange.status >= 300) throw this.httpError('POST', '/login', exchange);
    // Always validated: a malformed token response must not poison the cache.
    return this.decode('/login', exchange.bytes, ZLoginResponseSchema, true);
  }

  getEvents(body: TGetEventsRequest = {}) {
    return this.json(ops.getEvents(body));
  }
  getCatalogue(body: TGetCatalogueRequest = {}) {
    return this.json(ops.getCatalogue(body));
  }
  getEvent(eventId: number) {
    return this.json(ops.getEvent(eventId));
  }
  getMapPlace(mapPlaceId: string) {
    return this.json(ops.getMapPlace(mapPlaceId));
  }
  getPerformer(performerId: number) {
    return this.json(ops.getPerformer(performerId));
  }
  searchPlace(query: TPlaceSearchQuery) {
    return this.json(ops.searchPlace(query));
  }
  searchPerformer(query: TPerformerSearchQuery) {
    return this.json(ops.searchPerformer(query));
  }
  search(input: SearchInput) {
    return this.json(ops.search(input));
  }
  getClicks(query: Partial<TClicksQuery> = {}) {
    return this.json(ops.getClicks(query));
  }

  /** Runs an operation and returns the decoded (and, when configured, validated) body. */
  async json<TSchema extends z.ZodType>(
    operation: PartnerOperation<TSchema>,
    signal?: AbortSignal,
  ): Promise<z.output<TSchema>> {
    const { bytes } = await this.call(operation, signal);
    return this.decode(operation.path, bytes, operation.schema, this.options.validate === 'full');
  }

  /**
   * Runs an operation and returns the success body as bytes, for route handlers that pass it through without a
   * parse + stringify round trip. With validation on, the body is still checked against the contract first.
   */
  async raw(operation: PartnerOperation, signal?: AbortSignal): Promise<UpstreamBody> {
    const exchange = await this.call(operation, signal);
    if (this.options.validate === 'full') this.decode(operation.path, exchange.bytes, operation.schema, true);
    return { status: exchange.status, bytes: exchange.bytes };
  }

  /** `signal` aborts the data exchanges only: a login is shared by every waiting caller and always completes. */
  private async call(operation: PartnerOperation, signal?: AbortSignal): Promise<Exchange> {
    let tokens = await this.tokens.get();
    const name = operation.name ?? 'other';
    let exchange = await this.exchange(
      operation.method,
      operation.path,
      operation.query,
      operation.body,
      tokens.accessToken,
      signal,
      name,
    );
    if (exchange.status === 401) {
      // Revoked or expired early (e.g. the service restarted with new keys): renew once and retry once.
      this.tokens.invalidate(tokens.accessToken);
      tokens = await this.tokens.get();
      exchange = await this.exchange(
        operation.method,
        operation.path,
        operation.query,
        operation.body,
        tokens.accessToken,
        signal,
        name,
      );
      if (exchange.status === 401) {
        throw new PartnerError('auth', `${operation.method} ${operation.path} → 401 after a token renewal`, {
          status: 401,
        });
      }
    }
    if (exchange.status < 200 || exchange.status >= 300) {
      throw this.httpError(operation.method, operation.path, exchange);
    }
    const { linksOrigin } = this.options;
    return linksOrigin ? { ...exchange, bytes: rewritePublicLinks(exchange.bytes, linksOrigin) } : exchange;
  }

  private httpError(method: string, path: string, exchange: Exchange): PartnerError {
    return new PartnerError('http', `${method} ${path} → ${exchange.status}`, {
      status: exchange.status,
      retryAfter: sanitizeRetryAfter(exchange.headers.get('retry-after')),
      ...readProblem(exchange),
    });
  }

  private decode<TSchema extends z.ZodType>(
    path: string,
    bytes: Uint8Array,
    schema: TSchema,
    validate: boolean,
  ): z.output<TSchema> {
    let value: unknown;
    try {
      value = JSON.parse(decoder.decode(bytes));
    } catch (cause) {
      throw new PartnerError('invalid-response', `${path}: the body is not JSON`, { cause });
    }
    if (!validate) return value as z.output<TSchema>;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      throw new PartnerError('invalid-response', `${path}: the body does not match the contract (${where})`);
    }
    return parsed.data;
  }

  /**
   * One HTTP exchange bounded by the timeout, counted in the upstream metrics under `operation`; network failures
   * become `unreachable`, the deadline `timeout`.
   */
  private async exchange(
    method: 'GET' | 'POST',
    path: string,
    query: PartnerOperation['query'],
    body: unknown,
    accessToken: string | undefined,
    callerSignal: AbortSignal | undefined,
    operation: string,
  ): Promise<Exchange> {
    const startedAt = performance.now();
    let outcome = 'ok';
    try {
      // One CLIENT span per exchange when tracing is on (named by operation, never by URL): the service's spans nest under it.
      const answer = await inClientSpan(
        `partner-api ${operation}`,
        { 'http.request.method': method, 'eventmap.partner.operation': operation },
        () => this.send(method, path, query, body, accessToken, callerSignal),
        (exchange) => exchange.status,
      );
      if (answer.status < 200 || answer.status >= 300) outcome = `http_${statusClass(answer.status)}`;
      return answer;
    } catch (error) {
      outcome = error instanceof PartnerError ? error.kind : 'error';
      throw error;
    } finally {
      observeUpstreamCall(operation, outcome, (performance.now() - startedAt) / 1000);
    }
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    query: PartnerOperation['query'],
    body: unknown,
    accessToken: string | undefined,
    callerSignal?: AbortSignal,
  ): Promise<Exchange> {
    const url = new URL(this.options.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      // Numbers go in the one spelling the service takes: never an exponent.
      if (value !== undefined) url.searchParams.set(key, typeof value === 'number' ? toDecimalText(value) : value);
    }
    // The visitor's request id and trace go along, so the service's log lines of this call carry them too.
    const headers: Record<string, string> = {
      ...propagationHeaders(),
      Accept: 'application/json',
      'Accept-Encoding': acceptEncodingFor(url),
    };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline;
    try {
      return await httpExchange({
        url,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        // Every data call only reads; a login must never be sent twice (a refresh token is single-use).
        idempotent: path !== '/login',
      });
    } catch (cause) {
      if (callerSignal?.aborted && !deadline.aborted) {
        throw new PartnerError('aborted', `${method} ${path}: abandoned by the caller`);
      }
      if (deadline.aborted) {
        throw new PartnerError('timeout', `${method} ${path}: no answer within ${this.options.timeoutMs} ms`);
      }
      const code = cause instanceof ExchangeError ? cause.code : undefined;
      if (code === 'EBADBODY') {
        throw new PartnerError('invalid-response', `${method} ${path}: the body does not decompress`);
      }
      throw new PartnerError('unreachable', `${method} ${path}: ${code ?? 'network error'}`);
    }
  }
}
