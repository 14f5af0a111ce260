import fc from 'fast-check';
import { expect } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';

/*
 * Hostile inputs mixed into the contract-derived ones, and the checks every answer must pass: no 5xx, every
 * rejection an RFC 9457 problem (naming the field when the input was well-formed JSON), nothing internal in a body.
 */

/** Strings that have broken parsers, query builders and full-text engines elsewhere. None contains a leak marker. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800', // lone surrogate
  '\uDFFF\uD800',
  '\u202Eevil', // right-to-left override
  '\u200B\u200D\uFEFF', // zero-width
  'e\u0301\u0301\u0301', // stacked combining marks
  'İıß',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  '\uFFFF\uFFFE',
  '"',
  "'",
  '"unterminated',
  '*',
  '^',
  'NEAR(a b)',
  'a OR b',
  'NOT',
  'AND AND',
  '-',
  ':',
  '(',
  ')',
  '{}',
  'col:val',
  '"a" * ^ ( : - +',
  "' OR '1'='1",
  '1; DROP TABLE events; --',
  '%',
  '_',
  '\\',
  '%00',
  '%ZZ',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  '1e999',
  '-1e999',
  'Infinity',
  'NaN',
  '-0',
  '0x1F',
  '1_000',
  '9007199254740993',
  ' 1 ',
  '1,2',
  'true',
  'null',
  '2026-02-30T00:00:00Z',
  '2026-11-22T25:00:00Z',
  '+275760-09-13T00:00:00Z',
  '0000-00-00',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
];

/** Any JSON-ish value of the wrong kind for most fields. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 2, [], {}, [null], { '': 1 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values that are large in one dimension: long strings, long arrays, deep nesting, wide objects. */
export const hugeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 201, max: 70_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 15_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.integer({ min: 101, max: 2_000 }).map((n) => Array.from({ length: n }, () => 'musique')),
  fc.integer({ min: 50, max: 1_500 }).map((depth) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
    return value;
  }),
  fc.integer({ min: 50, max: 1_500 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: wrongValue },
  { weight: 1, arbitrary: hugeValue },
);

/** Every path (array of keys) to a member of a JSON value, the root included. */
function paths(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

function setAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root))
    return (root as unknown[]).map((item, i) => (i === head ? setAt(item, rest, replacement) : item));
  const copy = { ...(root as Record<string, unknown>) };
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const key = path[path.length - 1]!;
  let container: unknown = root;
  for (const step of parent) container = (container as Record<string | number, unknown>)[step];
  if (Array.isArray(container))
    return setAt(
      root,
      parent,
      container.filter((_, i) => i !== key),
    );
  const copy = { ...(container as Record<string, unknown>) };
  delete copy[key];
  return setAt(root, parent, copy);
}

function addKeyAt(root: unknown, path: (string | number)[], key: string, value: unknown): unknown {
  let container: unknown = root;
  for (const step of path) container = (container as Record<string | number, unknown>)[step];
  if (!container || typeof container !== 'object' || Array.isArray(container)) return root;
  // defineProperty so that `__proto__` becomes a real own key, as JSON.parse makes it.
  const copy = { ...(container as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return setAt(root, path, copy);
}

/**
 * Valid inputs of a schema, and the same inputs broken in one place: a member replaced by a wrong or huge value,
 * deleted, or an unknown member added (mass assignment). About a third stay valid so the store paths run too.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, fc.nat(), hostileValue).map(([value, pick, replacement]) => {
        const all = paths(value);
        return setAt(value, all[pick % all.length]!, replacement);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, pick]) => {
        const all = paths(value).filter((p) => p.length > 0);
        return all.length === 0 ? value : deleteAt(value, all[pick % all.length]!);
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.nat(),
          fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'clientId', 'isAdmin', 'role'), fc.string()),
          wrongValue,
        )
        .map(([value, pick, key, extra]) => {
          const all = paths(value);
          return addKeyAt(value, all[pick % all.length]!, key, extra);
        }),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw request bodies that are not (valid) JSON, or JSON with tricks in its text. */
export const RAW_BODIES = [
  '',
  '{',
  '{"limit":',
  '}',
  'nul',
  'null',
  '"text"',
  '1',
  '[]',
  '[{}]',
  '{"limit":1,"limit":2}',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1}garbage',
  "{'single':'quotes'}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e99999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  '['.repeat(20_000),
];

export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_BODIES),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 3 }).map((json) => json.slice(0, Math.max(0, json.length - 1))), // truncated
);

/** Query values: mostly nasty, sometimes long, sometimes odd percent-encoding. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 201, max: 6_000 }).map((n) => 'é'.repeat(n)),
  fc.double().map(String),
  fc.integer().map(String),
);

/** A query string from a record of (possibly non-string) values; arrays become repeated keys. */
export function toQueryString(record: unknown): string {
  // An array's items as `String` joins them, each through asQueryText: `String` throws on an item with no prototype.
  if (Array.isArray(record)) return `q=${pathSegment(record.map(asQueryText).join(','))}`;
  if (!record || typeof record !== 'object') return `q=${pathSegment(String(record))}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, asQueryText(item));
    else params.append(key, asQueryText(value));
  }
  return params.toString();
}

/**
 * One query value as text. Generated objects may have no prototype (no toString: `String` throws on them) or hold a
 * BigInt (JSON.stringify throws): neither may crash the generator instead of reaching the service.
 */
export function asQueryText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Encodes a path segment (lone surrogates cannot be URI-encoded: they go as raw `%` escapes of their UTF-16). */
export function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').slice(-2)}`);
  }
}

const CWD = process.cwd();
/** Things that only an internal error would put in a body. Hostile inputs above contain none of them. */
const LEAK_PATTERNS: RegExp[] = [
  /\n\s+at\s/, // stack frame
  /\bat\s+\S+\s+\(.*:\d+:\d+\)/,
  /node_modules/,
  /\.[cm]?[jt]sx?:\d+/,
  /SQLITE_|SqliteError|no such (table|column|function)|fts5|sqlite_master|better-sqlite3/i,
  /\b(TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  /\b(SELECT|INSERT|UPDATE|DELETE)\s.+\b(FROM|INTO|SET|WHERE)\b/,
];

export interface SeenResponse {
  status: number;
  contentType: string | null;
  body: string;
}

export interface CheckOptions {
  /** The request was well-formed JSON (or a query/path): a 400 must then point at the offending member. */
  expectPointer: boolean;
  /** What was sent, for the failure message. */
  input: unknown;
  /** A HEAD answer: only the status can be checked. */
  bodyless?: boolean;
}

/** The checks every fuzzed answer must pass. */
export function checkResponse(response: SeenResponse, { expectPointer, input, bodyless }: CheckOptions): void {
  // Built once, on first use: a problem can list hundreds of errors, each checked with this message, and the input can
  // be a 100 KB string — serializing it per error made a later run of the web fuzz suite take seconds per request.
  let message: string | undefined;
  const context = () =>
    (message ??= `input ${safeJson(input).slice(0, 500)} → ${response.status} ${response.body.slice(0, 500)}`);
  expect(response.status, context()).toBeLessThan(500);
  expect(response.body.includes(CWD), context()).toBe(false);
  for (const pattern of LEAK_PATTERNS) expect(pattern.test(response.body), `${pattern} in ${context()}`).toBe(false);
  if (response.status < 400 || bodyless) return;
  expect(response.contentType ?? '', context()).toMatch(/^application\/problem\+json/);
  const problem = ZProblemSchema.safeParse(JSON.parse(response.body));
  expect(problem.success, context()).toBe(true);
  if (!problem.success) return;
  expect(problem.data.status, context()).toBe(response.status);
  // A body naming `__proto__` (or `constructor.prototype`) is refused by the JSON parser itself, with no pointer.
  const poisoned = /__proto__|constructor/.test(safeJson(input));
  if (response.status === 400 && expectPointer && !poisoned) {
    expect(problem.data.errors?.length ?? 0, context()).toBeGreaterThan(0);
    for (const error of problem.data.errors ?? []) expect(error.pointer, context()).toMatch(/^#(\/|$)/);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
