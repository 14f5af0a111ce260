import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ZLoginResponseSchema, type TLoginResponse } from '@/lib/contract';
import { buildApp } from '@/partner-api/app';
import { manualClock } from '@/partner-api/clock';
import { testServiceConfig, type ServiceConfig } from '@/partner-api/env';
import type { Store } from '@/partner-api/store/port';
import { FIXTURE_NOW_MS, openTestStore } from '@/partner-api/testing/fixtures';

/** Tests start from the store fixtures' fixed instant, so `makeEventInput` dates are in the near future. */
export const TEST_START_MS = FIXTURE_NOW_MS;

export interface TestApp {
  app: FastifyInstance;
  /** The store the app serves: create events with `store.catalogue.createEvent(makeEventInput(...))`. */
  store: Store;
  clock: ReturnType<typeof manualClock>;
  config: ServiceConfig;
  /** Logs a demo client in (`demo` by default) with the secret grant. */
  login(clientId?: 'demo' | 'demo-b'): Promise<TLoginResponse>;
  /** `app.inject` with the client's bearer token (logging in once per client, lazily). */
  request(
    options: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
    },
    clientId?: 'demo' | 'demo-b',
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A service over a fresh test store (openTestStore: in-memory SQLite, or the store PARTNER_API_TEST_DB names) with the
 * demo clients, a manual clock and test limits — for HTTP tests of any route module via `app.inject`. Pass `store` to
 * test against seeded data; the app closes it with itself.
 */
export async function createTestApp(
  options: {
    store?: Store;
    clock?: ReturnType<typeof manualClock>;
    config?: Partial<ServiceConfig>;
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const clock = options.clock ?? manualClock(TEST_START_MS);
  const config = testServiceConfig(options.config);
  const store = options.store ?? (await openTestStore({ clock, publicUrl: config.publicUrl }));
  const app = await buildApp({ clock, config, store, ...(options.logger ? { logger: options.logger } : {}) });
  const tokens = new Map<string, string>();

  async function login(clientId: 'demo' | 'demo-b' = 'demo'): Promise<TLoginResponse> {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'clientSecret', clientId, clientSecret: `${clientId}-secret` },
    });
    if (response.statusCode !== 201) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return ZLoginResponseSchema.parse(response.json());
  }

  return {
    app,
    store,
    clock,
    config,
    login,
    async request(request, clientId = 'demo') {
      const send = (token: string) =>
        app.inject({
          method: request.method,
          url: request.url,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          headers: { authorization: `Bearer ${token}`, ...request.headers },
        });
      const cached = tokens.get(clientId);
      if (cached) {
        const response = await send(cached);
        // Like a real client: a cached token the test clock has expired is renewed once. A test's own
        // Authorization header (an explicit 401 check) is left alone.
        if (response.statusCode !== 401 || request.headers?.authorization !== undefined) return response;
      }
      const token = (await login(clientId)).accessToken;
      tokens.set(clientId, token);
      return send(token);
    },
    async close() {
      await app.close();
      await store.close();
    },
  };
}
