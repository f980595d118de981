import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { apiSchemas } from '../generated/apiSchemas';
import { HttpProblem } from './problem';

// Query strings arrive as text: coerce them ("2" → 2, a lone value → [value]) and fill defaults.
const queryAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: false, strict: false });
// JSON bodies already carry types; coercing them would hide client bugs.
const bodyAjv = new Ajv({ useDefaults: true, allErrors: false, strict: false });
addFormats.default(queryAjv, ['date', 'date-time']);
addFormats.default(bodyAjv, ['date', 'date-time']);
queryAjv.addSchema(apiSchemas);
bodyAjv.addSchema(apiSchemas);

export interface Validators {
  params: ValidateFunction;
  query: ValidateFunction;
  body: ValidateFunction | undefined;
}

export function compileValidators(schemas: {
  paramsSchema: object;
  querySchema: object;
  bodySchema?: object | undefined;
}): Validators {
  return {
    params: queryAjv.compile(schemas.paramsSchema),
    query: queryAjv.compile(schemas.querySchema),
    body: schemas.bodySchema ? bodyAjv.compile(schemas.bodySchema) : undefined,
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

export function checkParams(validate: ValidateFunction, value: Record<string, unknown>): void {
  if (!validate(value)) {
    // A malformed id in the path names nothing that exists.
    throw new HttpProblem(404, 'not_found', { parameter: offendingName(validate.errors?.[0]) });
  }
}

export function checkQuery(validate: ValidateFunction, value: Record<string, unknown>): void {
  if (!validate(value)) {
    const error = validate.errors?.[0];
    const parameter = offendingName(error);
    throw new HttpProblem(400, 'invalid_parameter', { parameter, detail: `${parameter} ${describe(error)}` });
  }
}

export function checkBody(validate: ValidateFunction, value: unknown): void {
  if (!validate(value)) {
    const error = validate.errors?.[0];
    const parameter = offendingName(error);
    throw new HttpProblem(400, 'invalid_body', { parameter, detail: `${parameter || 'body'} ${describe(error)}` });
  }
}
