import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZGetEventsRequestSchema, ZLoginRequestSchema } from '@/lib/contract';
import { ProblemError } from './problem';
import { parseWith } from './validate';

function problemOf(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

describe('parseWith', () => {
  it('returns the parsed data', () => {
    expect(parseWith(ZLoginRequestSchema, { grantAccess: 'refreshToken', refreshToken: 'abc' }, 'body')).toEqual({
      grantAccess: 'refreshToken',
      refreshToken: 'abc',
    });
  });

  it('throws a 400 problem with a pointer per offending member, unknown keys included', () => {
    const problem = problemOf(() =>
      parseWith(ZGetEventsRequestSchema, { limit: 0, pricesFilter: { lowestPrice: -1, color: 'red' }, foo: 1 }, 'body'),
    );
    expect(problem.status).toBe(400);
    expect(problem.detail).toBe('The request body is invalid.');
    const pointers = problem.errors?.map((error) => error.pointer).sort();
    expect(pointers).toEqual(['#/foo', '#/limit', '#/pricesFilter/color', '#/pricesFilter/lowestPrice']);
    for (const error of problem.errors ?? []) expect(error.detail.length).toBeGreaterThan(0);
  });

  it('points into arrays and names the request part', () => {
    const problem = problemOf(() => parseWith(z.object({ ids: z.array(z.number()) }), { ids: [1, 'x'] }, 'query'));
    expect(problem.errors).toEqual([{ pointer: '#/ids/1', detail: expect.any(String) as unknown }]);
    expect(problem.detail).toBe('The query parameters are invalid.');
  });

  it('reports the union alternative that got furthest', () => {
    const schema = z.object({
      where: z.union([z.strictObject({ a: z.strictObject({ x: z.number() }) }), z.strictObject({ b: z.string() })]),
    });
    const problem = problemOf(() => parseWith(schema, { where: { a: { x: 'nope' } } }, 'body'));
    expect(problem.errors?.map((error) => error.pointer)).toContain('#/where/a/x');
  });

  it('points at the root for a non-object', () => {
    expect(problemOf(() => parseWith(ZLoginRequestSchema, undefined, 'body')).errors?.[0]?.pointer).toBe('#');
  });
});
