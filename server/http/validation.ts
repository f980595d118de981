import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import Decimal from 'decimal.js';
import addFormats from 'ajv-formats';
import { apiSchemas } from '../generated/apiSchemas';
import { HttpProblem } from './problem';

interface Instances {
  query: Ajv;
  body: Ajv;
  updateBody: Ajv;
}
let made: Instances | undefined;

/**
 * Made with the first request's validators, not at start-up: adding the API's schemas checks them
 * against Ajv's meta-schema, which took a good part of the server's start (docs/performance.md,
 * "npm start").
 */
function instances(): Instances {
  if (made) return made;
  made = {
    // Query strings arrive as text: coerce them ("2" → 2, a lone value → [value]) and fill defaults.
    query: new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: false, strict: false }),
    // JSON bodies already carry types; coercing them would hide client bugs.
    body: new Ajv({ useDefaults: true, allErrors: false, strict: false }),
    // An update's body fills no defaults: a field it leaves out keeps its stored value (a basket's
    // payment type), where a create's would take the default.
    updateBody: new Ajv({ useDefaults: false, allErrors: false, strict: false }),
  };
  for (const ajv of Object.values(made)) {
    addFormats.default(ajv, ['date', 'date-time']);
    // A decimal's bounds (generator/emit/jsonSchema.ts), compared exactly on its text.
    ajv.addKeyword({
      keyword: 'x-decimal-minimum',
      type: 'string',
      schemaType: 'string',
      validate: (bound: string, value: string) => !isDecimal(value) || new Decimal(value).gte(bound),
      error: { message: 'is below its minimum' },
    });
    ajv.addKeyword({
      keyword: 'x-decimal-maximum',
      type: 'string',
      schemaType: 'string',
      validate: (bound: string, value: string) => !isDecimal(value) || new Decimal(value).lte(bound),
      error: { message: 'is above its maximum' },
    });
    ajv.addSchema(apiSchemas);
  }
  return made;
}

/** The pattern keyword judges the text's shape; a bound only compares what is a number. */
const isDecimal = (value: string) => /^-?[0-9]+(\.[0-9]+)?$/.test(value);

export interface Validators {
  params: ValidateFunction;
  query: ValidateFunction;
  body: ValidateFunction | undefined;
  /** Query parameters holding integers: their text must be written as one ("016", "1e1", "0x10" are not). */
  integerQuery: Set<string>;
  /** Path parameters that are record ids (positive integers written plainly). */
  integerParams: Set<string>;
}

type PropertySchemas = Record<string, { type?: unknown; items?: { type?: unknown } }>;

/** A whole number written plainly: Ajv's coercion would read "0x10" as 16 and "1e1" as 10. */
const PLAIN_INTEGER = /^-?(0|[1-9][0-9]{0,15})$/;
const PLAIN_ID = /^[1-9][0-9]{0,15}$/;

function integerProperties(schema: object): Set<string> {
  const properties = ((schema as { properties?: PropertySchemas }).properties ?? {}) as PropertySchemas;
  const isInteger = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  return new Set(
    Object.entries(properties)
      .filter(([, property]) => isInteger(property.type) || isInteger(property.items?.type))
      .map(([name]) => name),
  );
}

export function compileValidators(schemas: {
  paramsSchema: object;
  querySchema: object;
  bodySchema?: object | undefined;
  method?: string;
}): Validators {
  const ajv = instances();
  const bodies = schemas.method === 'put' || schemas.method === 'patch' ? ajv.updateBody : ajv.body;
  return {
    params: ajv.query.compile(schemas.paramsSchema),
    query: ajv.query.compile(schemas.querySchema),
    body: schemas.bodySchema ? bodies.compile(schemas.bodySchema) : undefined,
    integerQuery: integerProperties(schemas.querySchema),
    integerParams: integerProperties(schemas.paramsSchema),
  };
}

function offendingName(error: ErrorObject | undefined): string {
  if (!error) return '';
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params['missingProperty']));
  if (error.keyword === 'additionalProperties') path.push(String(error.params['additionalProperty']));
  // Array items of a query parameter are reported by the parameter's name.
  return path.filter((part) => !/^\d+$/.test(part) || path.length === 1).join('.');
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'invalid';
  if (error.keyword === 'additionalProperties') return 'is not a known field';
  if (error.keyword === 'pattern') return 'has the wrong format';
  return error.message ?? 'invalid';
}

export function checkParams(
  validate: ValidateFunction,
  value: Record<string, unknown>,
  integers: Set<string> = new Set(Object.keys(value)),
): void {
  // Record ids in the path: "/orders/016" or "/orders/0x10" names no order 16.
  const loose = Object.entries(value).find(([name, text]) => integers.has(name) && typeof text === 'string' && !PLAIN_ID.test(text));
  if (loose) throw new HttpProblem(404, 'not_found', { parameter: loose[0] });
  if (!validate(value)) {
    // A malformed id in the path names nothing that exists.
    throw new HttpProblem(404, 'not_found', { parameter: offendingName(validate.errors?.[0]) });
  }
}

/**
 * Where a text holds a NUL character (U+0000), as a dotted name, or undefined. PostgreSQL refuses
 * NUL in text (a 500 there, stored on SQLite), and no name, search or note needs one: every
 * operation refuses it as bad input, on both databases alike (issue 22).
 */
export function nulAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nulAt(item, path);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      const found = name.includes('\u0000') ? [...path, name].join('.') : nulAt(item, [...path, name]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function checkQuery(validate: ValidateFunction, value: Record<string, unknown>, integers: Set<string> = new Set()): void {
  const nul = nulAt(value);
  if (nul !== undefined) throw new HttpProblem(400, 'invalid_parameter', { parameter: nul, detail: `${nul} holds a NUL character` });
  for (const name of integers) {
    const given = value[name];
    const texts = (Array.isArray(given) ? given : [given]).filter((text): text is string => typeof text === 'string');
    if (texts.some((text) => !PLAIN_INTEGER.test(text)))
      throw new HttpProblem(400, 'invalid_parameter', { parameter: name, detail: `${name} must be a whole number` });
  }
  if (!validate(value)) {
    const error = validate.errors?.[0];
    const parameter = offendingName(error);
    throw new HttpProblem(400, 'invalid_parameter', { parameter, detail: `${parameter} ${describe(error)}` });
  }
}

export function checkBody(validate: ValidateFunction, value: unknown): void {
  const nul = nulAt(value);
  if (nul !== undefined) throw new HttpProblem(400, 'invalid_body', { parameter: nul, detail: `${nul || 'body'} holds a NUL character` });
  if (!validate(value)) {
    const error = validate.errors?.[0];
    const parameter = offendingName(error);
    throw new HttpProblem(400, 'invalid_body', { parameter, detail: `${parameter || 'body'} ${describe(error)}` });
  }
}
