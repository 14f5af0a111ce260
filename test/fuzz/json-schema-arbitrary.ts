import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries derived from the contract's zod schemas (via `z.toJSONSchema`), so the fuzzers follow the
 * contract as it changes instead of a hand-written copy of it. Only the JSON Schema subset zod emits is handled.
 */

export type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  /** `false` (or zod's `{not: {}}`): the member must be absent. */
  properties?: Record<string, JsonSchema | boolean>;
  required?: string[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A member schema that nothing matches: the member must be absent. */
function isAbsent(schema: JsonSchema | boolean): boolean {
  return schema === false || (typeof schema === 'object' && !!schema.not && Object.keys(schema.not).length === 0);
}

/**
 * Whether an object has the shape a rule branch names: its required members present, its absent (`false`) members
 * absent, its `const` members equal. The subset the contract's cross-member rules use (`oneOf` beside `properties`,
 * `if`/`then`).
 */
function hasShape(value: unknown, branch: JsonSchema): boolean {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (!(branch.required ?? []).every((key) => record[key] !== undefined)) return false;
  return Object.entries(branch.properties ?? {}).every(([key, member]) => {
    if (isAbsent(member)) return record[key] === undefined;
    if (typeof member === 'object' && member.const !== undefined) {
      return record[key] === undefined || record[key] === member.const;
    }
    return true;
  });
}

/** Bounds of generated collections: valid inputs stay small so each run is cheap. */
const MAX_ITEMS = 5;
const MAX_TEXT = 24;

/** The JSON Schema of a zod schema's input side (what a client sends). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (integer) {
    const lo = min === undefined ? -1_000_000 : Math.ceil(min + (schema.exclusiveMinimum !== undefined ? 1 : 0));
    const hi = max === undefined ? 1_000_000 : Math.floor(max - (schema.exclusiveMaximum !== undefined ? 1 : 0));
    // Favour the small end: page numbers and limits near 1 are the interesting (and cheap) ones.
    return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 20) }), fc.integer({ min: lo, max: hi }));
  }
  return fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    minExcluded: schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((date) => {
    const iso = date.toISOString();
    // The forms an ISO 8601 input may take: Z, an offset, no offset (UTC), a bare date.
    return fc.constantFrom(
      iso,
      iso.replace('Z', '+02:00'),
      iso.slice(0, 19),
      iso.slice(0, 10),
      iso.replace('.000Z', 'Z'),
    );
  });

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèçà  '];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  // zod's ISO date(-time) patterns are huge regular expressions; generating from them is slow, so dates are built.
  if (schema.pattern?.includes('-02-29') || schema.format === 'date' || schema.format === 'date-time') {
    return schema.pattern?.includes('T(?:') ? isoDate : isoDate.map((iso) => iso.slice(0, 10));
  }
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot drive falls through to free text.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  // Mostly letters (so searches and ids look like real ones), sometimes any Unicode.
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: fc.constantFrom(...LETTERS) }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

/**
 * An arbitrary of values valid against `schema` (within the subset zod emits). References resolve by their last
 * segment in `defs` (default: the root's `$defs`), so a schema of an OpenAPI document works with its
 * `components.schemas`.
 */
export function arbitraryFromJsonSchema(
  root: JsonSchema,
  defs: Record<string, JsonSchema> = root.$defs ?? {},
): fc.Arbitrary<unknown> {
  const cache = new Map<string, fc.Arbitrary<unknown>>();

  function build(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (schema.$ref) {
      const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
      const cached = cache.get(name);
      if (cached) return cached;
      const target = defs[name];
      if (!target) return fc.constant(null);
      const built = build(target, depth + 1);
      cache.set(name, built);
      return built;
    }
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    // A `oneOf` beside an object's own members states a rule about them (circle xor rectangle), not alternatives.
    if (alternatives && schema.properties === undefined)
      return fc.oneof(...alternatives.map((alternative) => build(alternative, depth + 1)));
    if (schema.allOf?.[0]) return build(schema.allOf[0], depth + 1);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, value] of Object.entries(properties)) {
          if (typeof value === 'object' && !isAbsent(value)) record[key] = build(value, depth + 1);
        }
        const objects = fc.record(record, {
          requiredKeys: Object.keys(record).filter((key) => required.has(key)),
        });
        const { maxProperties, oneOf, if: condition, then } = schema;
        return objects.filter(
          (value) =>
            (maxProperties === undefined || Object.keys(value).length <= maxProperties) &&
            (oneOf === undefined || oneOf.filter((branch) => hasShape(value, branch)).length === 1) &&
            (condition === undefined || then === undefined || !hasShape(value, condition) || hasShape(value, then)),
        );
      }
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
        return fc.array(schema.items ? build(schema.items, depth + 1) : fc.anything(), { minLength, maxLength });
      }
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
        return numberArbitrary(schema, true);
      case 'number':
        return numberArbitrary(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  return build(root, 0);
}

/** Valid inputs of a contract schema (most of them: refinements such as minDate ≤ maxDate are not in JSON Schema). */
export function contractArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return arbitraryFromJsonSchema(inputJsonSchema(schema));
}
