import 'server-only';
import type { z } from 'zod';
import { jsonPointer } from '@/lib/contract';

export interface InputIssue {
  pointer: string;
  detail: string;
}

/** Input that failed validation, with RFC 9457 pointers (`#/minLng`) into the query (or path) parameters. */
export class InputError extends Error {
  override name = 'InputError';
  constructor(readonly issues: InputIssue[]) {
    super('Invalid request parameters');
  }
}

/** A pointer for a parameter name. */
export function pointer(name: string): string {
  return jsonPointer([name]);
}

/**
 * The query as a plain object: only `allowed` keys (unknown ones are an error, so typos do not pass silently),
 * each at most once, empty values treated as absent.
 */
export function queryObject(url: URL, allowed: readonly string[]): Record<string, string> {
  const issues: InputIssue[] = [];
  const result: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of url.searchParams) {
    if (!allowed.includes(key)) {
      issues.push({ pointer: pointer(key), detail: `unknown parameter; expected one of ${allowed.join(', ')}` });
      continue;
    }
    if (seen.has(key)) {
      issues.push({ pointer: pointer(key), detail: 'must appear at most once' });
      continue;
    }
    seen.add(key);
    if (value.trim() !== '') result[key] = value;
  }
  if (issues.length > 0) throw new InputError(issues);
  return result;
}

/** Zod issues as input issues; `rename` maps a dot-joined schema path to the public (dot-joined) parameter path. */
export function zodIssues(error: z.ZodError, rename: (path: string) => string = (path) => path): InputIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (!path) return { pointer: '#', detail: issue.message };
    return { pointer: jsonPointer(rename(path).split('.')), detail: issue.message };
  });
}

/** Parses with a schema or throws an {@link InputError}. */
export function parseInput<TSchema extends z.ZodType>(
  schema: TSchema,
  input: unknown,
  rename?: (path: string) => string,
): z.output<TSchema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InputError(zodIssues(parsed.error, rename));
  return parsed.data;
}
