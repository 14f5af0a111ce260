import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { OPERATIONS, routePath, ZNoQuerySchema, type OperationName } from '@/lib/contract';
import { parseWith } from './validate';

type Operation<N extends OperationName> = (typeof OPERATIONS)[N];
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<O> = O extends { body: { schema: infer S } } ? Parsed<S> : undefined;
type QueryOf<O> = O extends { query: infer S } ? Parsed<S> : Record<string, never>;
type ParamsOf<O> = O extends { params: infer S } ? Parsed<S> : undefined;

/** A request's parts, each parsed with the operation's contract schema. */
export interface OperationInput<N extends OperationName> {
  params: ParamsOf<Operation<N>>;
  query: QueryOf<Operation<N>>;
  body: BodyOf<Operation<N>>;
}

export interface OperationRouteOptions {
  /** Runs before validation (a throttle that must count malformed requests too). */
  preHandler?: preHandlerAsyncHookHandler;
  /** Runs before the body is read (a throttle that must count requests whose body cannot be parsed). */
  onRequest?: onRequestAsyncHookHandler;
  /** Runs on every answer of the route, errors included. */
  onSend?: onSendAsyncHookHandler;
}

/**
 * Registers the route of a contract operation (`OPERATIONS[name]`): its method and path, its path parameters, query
 * and body parsed with the table's schemas before `handler` runs (a 400 problem naming each offending member
 * otherwise). Queries are strict like bodies: an operation without a query schema refuses any parameter. An absent
 * optional body is `{}`; JSON `null` is not a body and is refused.
 */
export function registerOperation<N extends OperationName>(
  app: FastifyInstance,
  name: N,
  handler: (input: OperationInput<N>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: OperationRouteOptions = {},
): void {
  const operation = OPERATIONS[name];
  const params = 'params' in operation ? operation.params : undefined;
  const query = 'query' in operation ? operation.query : ZNoQuerySchema;
  const body = 'body' in operation ? operation.body : undefined;
  app.route({
    method: operation.method,
    url: routePath(operation.path),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.onSend ? { onSend: options.onSend } : {}),
    handler: async (request, reply) => {
      const input = {
        params: params ? parseWith(params, request.params, 'params') : undefined,
        query: parseWith(query, request.query ?? {}, 'query'),
        body: body
          ? parseWith(body.schema, request.body === undefined && !body.required ? {} : request.body, 'body')
          : undefined,
      } as OperationInput<N>;
      return handler(input, request, reply);
    },
  });
}
