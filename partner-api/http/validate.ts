import type { z } from 'zod';
import { jsonPointer } from '@/lib/contract';
import { ProblemError, type ProblemFieldError } from './problem';

/** Where a value came from; named in the problem's detail. */
export type RequestPart = 'body' | 'query' | 'params';

const PART_DETAIL: Record<RequestPart, string> = {
  body: 'The request body is invalid.',
  query: 'The query parameters are invalid.',
  params: 'The path parameters are invalid.',
};

/** Zod 4 issues as nested in unions: the path of a nested issue is relative to the union's own path. */
type Issue = z.core.$ZodIssue;

/**
 * Flattens zod issues into field errors. An unknown property of a strict object gets a pointer at that property;
 * a failed union reports the alternative that got furthest (deepest issue), which is the one the client meant.
 */
export function issuesToFieldErrors(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ pointer: jsonPointer([...path, key]), detail: 'Unknown property.' });
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      let best: ProblemFieldError[] = [];
      let bestDepth = -1;
      for (const alternative of issue.errors) {
        const depth = Math.max(0, ...alternative.map((nested) => nested.path.length));
        if (depth > bestDepth) {
          bestDepth = depth;
          best = issuesToFieldErrors(alternative, path);
        }
      }
      errors.push(...best);
    } else {
      errors.push({ pointer: jsonPointer(path), detail: issue.message });
    }
  }
  return errors;
}

/**
 * At most this many field errors in one problem: a 64 KB body of 10 000 wrong array items would otherwise get a
 * megabyte-sized answer (and cost the service the time to build it).
 */
export const MAX_FIELD_ERRORS = 20;

/**
 * Parses a request part with a contract schema; returns the parsed data or throws a 400 problem whose `errors`
 * point at every offending member (docs/design.md §4.1).
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ProblemError(400, PART_DETAIL[where], issuesToFieldErrors(result.error.issues).slice(0, MAX_FIELD_ERRORS));
}
