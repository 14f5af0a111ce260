import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { asQueryText } from './hostile';
import { arbitraryFromJsonSchema, type JsonSchema } from './json-schema-arbitrary';

/*
 * The service's OpenAPI document as a test oracle: JSON Schema validators (ajv, draft 2020-12 as OpenAPI 3.1 uses)
 * compiled from the document itself — not from the zod schemas it was generated from — and generators of inputs
 * that the document says are valid.
 */

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema & { default?: unknown };
  style?: string;
  explode?: boolean;
}

interface HeaderObject {
  required?: boolean;
  schema: JsonSchema;
}

interface ResponseObject {
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OperationObject {
  operationId: string;
  /** `ignored`: unknown query parameters are ignored (elsewhere they are refused). */
  'x-query-parameters'?: 'ignored';
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject>;
}

/** A pointer into the document (`/paths/~1v2~1search/get`), RFC 6901-escaped. */
function escape(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Decimal text of a number as a URL carries it: never an exponent (`1e-7` → `0.0000001`). */
export function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value
    .toFixed(20)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** A path id's one spelling. */
const INTEGER_TEXT = /^(?:0|-?[1-9]\d*)$/;
/** A query number: any JSON number (RFC 8259 §6), exponents included. */
const JSON_NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export class OpenApiOracle {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('int32', {
      type: 'number',
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
    });
    this.ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
    // The whole document is one schema resource, so `#/components/schemas/…` references resolve inside it.
    this.ajv.addSchema(document, 'openapi');
  }

  operation(method: string, path: string): OperationObject {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${path} is not documented`);
    return operation;
  }

  /** Validates a value against the schema at `pointer` in the document; returns ajv's errors (empty when valid). */
  check(pointer: string, value: unknown): ErrorObject[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  operationPointer(method: string, path: string): string {
    return `/paths/${escape(path)}/${method.toLowerCase()}`;
  }

  /** Errors of a JSON request body against the documented request body schema. */
  checkBody(method: string, path: string, body: unknown): ErrorObject[] {
    return this.check(`${this.operationPointer(method, path)}/requestBody/content/application~1json/schema`, body);
  }

  /** An arbitrary of bodies the document says are valid. */
  validBody(method: string, path: string): fc.Arbitrary<unknown> {
    const schema = this.operation(method, path).requestBody?.content['application/json']?.schema ?? {};
    return arbitraryFromJsonSchema(schema, this.document.components.schemas);
  }

  /** An arbitrary of typed parameter values (name → value) the document says are valid, for one location. */
  validParameters(method: string, path: string, where: 'path' | 'query'): fc.Arbitrary<Record<string, unknown>> {
    const parameters = (this.operation(method, path).parameters ?? []).filter((p) => p.in === where);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of parameters) {
      record[parameter.name] = arbitraryFromJsonSchema(parameter.schema, this.document.components.schemas);
    }
    return fc.record(record, { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) });
  }

  /** A typed parameter value as text in a URL (a comma list for `style: form, explode: false`). */
  static serialize(parameter: ParameterObject | undefined, value: unknown): string {
    if (Array.isArray(value) && parameter?.explode === false) return value.map(asQueryText).join(',');
    if (typeof value === 'number') return plainDecimal(value);
    if (typeof value === 'string') return value;
    return JSON.stringify(value) ?? String(value);
  }

  /**
   * Reads query or path parameters as sent (name → text, or several texts for a repeated name) the way the document
   * describes them, and returns the pointers of those that break it: unknown names, repeated names (but for a list,
   * which may be sent repeated as well as comma-separated), missing required ones, numbers that are no JSON number
   * (path ids: not plain digits), and values outside their schema.
   */
  parameterErrors(method: string, path: string, where: 'path' | 'query', sent: Record<string, string | string[]>) {
    const parameters = (this.operation(method, path).parameters ?? []).filter((p) => p.in === where);
    const byName = new Map(parameters.map((p) => [p.name, p]));
    const pointers: string[] = [];
    const index = this.operation(method, path).parameters ?? [];
    for (const [name, text] of Object.entries(sent)) {
      const parameter = byName.get(name);
      if (!parameter) {
        if (where === 'path' || this.operation(method, path)['x-query-parameters'] !== 'ignored') {
          pointers.push(`#/${escape(name)}`);
        }
        continue;
      }
      // A repeated parameter (but a list), or text that no UTF-8 can carry (a lone surrogate), is not a documented value.
      const isList = parameter.schema.type === 'array';
      const texts = Array.isArray(text) ? text : [text];
      if ((Array.isArray(text) && !isList) || texts.some((item) => /\p{Cs}/u.test(item))) {
        pointers.push(`#/${escape(name)}`);
        continue;
      }
      const value = isList
        ? [...new Set(texts.flatMap((item) => item.split(',')))]
        : parseParameter(parameter, texts[0]!, where);
      const position = index.indexOf(parameter);
      if (
        value === INVALID ||
        this.check(`${this.operationPointer(method, path)}/parameters/${position}/schema`, value).length > 0
      ) {
        pointers.push(`#/${escape(name)}`);
      }
    }
    for (const parameter of parameters) {
      if (parameter.required && !(parameter.name in sent)) pointers.push(`#/${escape(parameter.name)}`);
    }
    return pointers;
  }

  /** Errors of a response against the documented status, media type, body schema and headers. */
  checkResponse(
    method: string,
    path: string,
    response: { status: number; contentType: string; headers: Record<string, unknown>; body: string },
  ): string[] {
    const documented = this.operation(method, path).responses[String(response.status)];
    if (!documented) return [`status ${response.status} is not documented`];
    const problems: string[] = [];
    const pointer = `${this.operationPointer(method, path)}/responses/${response.status}`;
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      // Node gives one header as a string (several as an array, which no documented header is).
      const text = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : JSON.stringify(value);
      const typed = header.schema.type === 'integer' && /^\d+$/.test(text) ? Number(text) : text;
      const errors = this.check(`${pointer}/headers/${escape(name)}/schema`, typed);
      if (errors.length > 0) problems.push(`header ${name}: ${this.ajv.errorsText(errors)}`);
    }
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) return problems;
    const mediaType = response.contentType.split(';', 1)[0]?.trim() ?? '';
    if (!mediaTypes.includes(mediaType))
      return [...problems, `media type ${mediaType} is not one of ${mediaTypes.join(', ')}`];
    if (!/json/.test(mediaType)) return problems;
    let body: unknown;
    try {
      body = JSON.parse(response.body) as unknown;
    } catch {
      return [...problems, 'the body is not JSON'];
    }
    const errors = this.check(`${pointer}/content/${escape(mediaType)}/schema`, body);
    if (errors.length > 0) problems.push(`body: ${this.ajv.errorsText(errors)}`);
    return problems;
  }
}

const INVALID = Symbol('invalid');

/** A parameter's text as the typed value its schema describes, or INVALID when no such value has that spelling. */
function parseParameter(parameter: ParameterObject, text: string, where: 'path' | 'query'): unknown {
  const type = parameter.schema.type;
  if (type !== 'integer' && type !== 'number') return text;
  const value = (where === 'path' ? INTEGER_TEXT : JSON_NUMBER_TEXT).test(text) ? Number(text) : INVALID;
  // A JSON number too large to be finite is no value a schema accepts (ajv would take Infinity for a number).
  return typeof value === 'number' && !Number.isFinite(value) ? INVALID : value;
}

/** JSON pointers (`#/a/b`) that ajv's errors are about: the member itself, or the missing or unknown one. */
export function pointersOf(errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const params = error.params as { additionalProperty?: string; missingProperty?: string };
    const extra = params.additionalProperty ?? params.missingProperty;
    return `#${error.instancePath}${extra === undefined ? '' : `/${escape(extra)}`}`;
  });
}

/**
 * True when the service's pointer names the member the document finds wrong, a member inside it, or an object
 * holding it (never only the root, unless the document's complaint is about the root itself).
 */
export function related(service: string, documented: string): boolean {
  if (service === documented || service.startsWith(`${documented}/`)) return true;
  return service !== '#' && documented.startsWith(`${service}/`);
}
