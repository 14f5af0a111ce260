import 'server-only';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { fakeEvent, fakeMapPlace, fakePerformer } from './fixtures';

/** A failure the fake upstream injects into matching requests. */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers (the socket stays open until the server closes). */
  | { kind: 'hang' }
  /** Destroys the connection without an answer. */
  | { kind: 'close' }
  /** Answers 200 with a body that is not JSON. */
  | { kind: 'garbage' }
  /** Answers 200 with `body` compressed in `encoding` (`corrupt`: a body that does not decompress). */
  | { kind: 'encoded'; encoding: 'gzip' | 'deflate' | 'br'; body: unknown; corrupt?: boolean };

export interface FakeUpstreamOptions {
  clientId?: string;
  clientSecret?: string;
  /** Access token lifetime in seconds (default 3600). */
  expiresIn?: number;
  /** Delay of every login answer, so concurrent callers overlap. */
  loginDelayMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
  status: number;
}

/**
 * A small Partner API double on 127.0.0.1:0 that can expire tokens, reject refresh tokens, answer errors, hang or
 * drop connections. It follows the spec's contract (and docs/design.md §4 where the spec is silent), nothing more.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  readonly logins = { secret: 0, refresh: 0, rejected: 0 };
  /** Every token it has issued (for leak checks). */
  readonly issued: string[] = [];
  /** When set, every refresh grant is answered 401. */
  rejectRefresh = false;
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  private faults: { match: RegExp; fault: Fault; remaining: number }[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  baseUrl = '';

  constructor(readonly options: FakeUpstreamOptions = {}) {}

  get clientId(): string {
    return this.options.clientId ?? 'demo';
  }
  get clientSecret(): string {
    return this.options.clientSecret ?? 'demo-secret';
  }

  /** Injects a fault into the next `times` requests whose path matches (default: every time). */
  fail(match: RegExp, fault: Fault, times = Infinity): void {
    this.faults.push({ match, fault, remaining: times });
  }

  /** Removes every injected fault. */
  heal(): void {
    this.faults = [];
  }

  /** Invalidates every access token (as a restarted service with new keys would). */
  revokeAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** Requests to `/v2/**` so far. */
  dataRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith('/v2/'));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private newToken(prefix: string): string {
    const token = `${prefix}-${randomBytes(12).toString('hex')}`;
    this.issued.push(token);
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
      status: 0,
    };
    this.requests.push(record);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      const json = JSON.stringify(payload);
      res.writeHead(status, {
        'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json',
        ...headers,
      });
      res.end(json);
    };
    const problem = (status: number, title: string, headers: Record<string, string> = {}) =>
      send(status, { type: 'about:blank', title, status }, headers);

    const fault = this.faults.find((f) => f.match.test(url.pathname) && f.remaining > 0);
    if (fault) {
      fault.remaining--;
      switch (fault.fault.kind) {
        case 'hang':
          return;
        case 'close':
          req.socket.destroy();
          return;
        case 'garbage':
          record.status = 200;
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end('<html>oops</html>');
          return;
        case 'encoded': {
          record.status = 200;
          const json = Buffer.from(JSON.stringify(fault.fault.body));
          const compress = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }[fault.fault.encoding];
          const encoded = fault.fault.corrupt ? json : compress(json);
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': fault.fault.encoding });
          res.end(encoded);
          return;
        }
        case 'status':
          return send(
            fault.fault.status,
            fault.fault.body ?? { type: 'about:blank', title: 'Injected', status: fault.fault.status },
            fault.fault.headers,
          );
      }
    }

    if (url.pathname === '/login' && req.method === 'POST') {
      if (this.options.loginDelayMs) await new Promise((r) => setTimeout(r, this.options.loginDelayMs));
      const grant = (body ?? {}) as Record<string, unknown>;
      if (grant.grantAccess === 'clientSecret') {
        if (grant.clientId !== this.clientId || grant.clientSecret !== this.clientSecret) {
          this.logins.rejected++;
          return problem(401, 'Unauthorized');
        }
        this.logins.secret++;
      } else if (grant.grantAccess === 'refreshToken') {
        const token = grant.refreshToken as string;
        if (this.rejectRefresh || !this.refreshTokens.has(token)) {
          this.logins.rejected++;
          return problem(401, 'Unauthorized');
        }
        this.refreshTokens.delete(token); // single-use
        this.logins.refresh++;
      } else {
        return problem(400, 'Bad Request');
      }
      const expiresIn = this.options.expiresIn ?? 3600;
      const accessToken = this.newToken('at');
      const refreshToken = this.newToken('rt');
      this.accessTokens.set(accessToken, Date.now() + expiresIn * 1000);
      this.refreshTokens.add(refreshToken);
      return send(201, { accessToken, expiresIn, tokenType: 'Bearer', refreshToken }, { 'Cache-Control': 'no-store' });
    }

    const auth = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!auth) return problem(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer realm="partner-api"' });
    const expiresAt = this.accessTokens.get(auth);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      return problem(401, 'Unauthorized', { 'WWW-Authenticate': 'Bearer realm="partner-api", error="invalid_token"' });
    }

    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (path === '/v2/get/events' && req.method === 'POST') {
      const data = [fakeEvent(1), fakeEvent(2)];
      return send(201, {
        data,
        pagination: {
          totalItems: 2,
          totalPages: 1,
          perPage: 100,
          currentPage: 1,
          nextPageParams: null,
          previousPageParams: null,
        },
        // The real API may add fields; clients must tolerate them.
        extraField: 'tolerated',
      });
    }
    if (path === '/v2/get/catalogue' && req.method === 'POST') {
      return send(201, {
        data: {
          events: [fakeEvent(1)],
          eventIdsCancelled: [],
          eventIdsNotAvailable: [],
          eventIdsPassed: [],
          eventIdsDeleted: [],
        },
        pagination: {
          totalItems: 1,
          totalPages: 1,
          perPage: 100,
          currentPage: 1,
          nextPageParams: null,
          previousPageParams: null,
        },
      });
    }
    if ((m = /^\/v2\/event\/(\d+)$/.exec(path))) {
      const id = Number(m[1]);
      return id <= 100 ? send(200, fakeEvent(id)) : problem(404, 'Not Found');
    }
    if ((m = /^\/v2\/g-place\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      return id.startsWith('missing') ? problem(404, 'Not Found') : send(200, fakeMapPlace(id));
    }
    if ((m = /^\/v2\/performer\/(\d+)$/.exec(path))) {
      const id = Number(m[1]);
      return id <= 100 ? send(200, fakePerformer(id)) : problem(404, 'Not Found');
    }
    if (path === '/v2/search/place') {
      return send(200, url.searchParams.get('name') === 'nowhere' ? null : fakeMapPlace('found'));
    }
    if (path === '/v2/search/performer') {
      return send(200, url.searchParams.get('name') === 'nobody' ? null : fakePerformer(3));
    }
    if (path === '/v2/search') {
      return send(200, [
        { performer: { id: 3, name: 'Performer 3', image: null, webImage: null, score: 0.9 } },
        {
          place: {
            id: 'p1',
            name: 'Place p1',
            address: 'x',
            city: null,
            lng: 2.3,
            lat: 48.8,
            averageGrade: null,
            totalGrades: null,
            score: 0.5,
          },
        },
      ]);
    }
    if (path === '/v2/clicks') {
      return send(200, {
        data: [],
        pagination: {
          totalItems: 0,
          totalPages: 0,
          perPage: 100,
          currentPage: 1,
          nextPageParams: null,
          previousPageParams: null,
        },
      });
    }
    return problem(404, 'Not Found');
  }
}
