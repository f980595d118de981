import { queryParameters } from '../model/queryParameters';
import type { Guard, Model, Operation, UploadPart } from '../model/types';
import { propertySchema, shapeSchema, typeRefSchema, type JsonSchema } from './jsonSchema';
import { writtenRecord } from './serverCode';

export { queryParameters };

const componentRef = (name: string) => `#/components/schemas/${name}`;

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'code', 'message_key'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', description: 'Stable machine-readable code' },
    message_key: { type: 'string', description: 'Key of the message catalogue' },
    detail: { type: 'string' },
    parameter: { type: 'string', description: 'The offending parameter or body field' },
  },
};

function problemResponse(description: string) {
  return { description, content: { 'application/problem+json': { schema: { $ref: componentRef('Problem') } } } };
}

/** What the usual statuses stand for, kept when an operation names further problem codes there. */
export const USUAL_PROBLEMS: Record<string, string> = { '400': 'Invalid parameters or body', '403': 'Missing permission or CSRF token' };

/** A status's description with the problem codes an operation names there. */
function problemsAt(status: string, codes: string[], usual = USUAL_PROBLEMS[status]): string {
  return usual ? `${usual}; also ${codes.join(', ')}` : `Problem codes: ${codes.join(', ')}`;
}

function guardWords(guard: Guard): string {
  const parts = [
    ...(guard.permission !== undefined ? [`permission ${guard.permission}`] : []),
    ...(guard.root === true ? ['supplier staff (root)'] : []),
    ...(guard.root === false ? ['not supplier staff'] : []),
    ...(guard.admin ? ['an organisation admin'] : []),
    ...(guard.linked_account ? ['an organisation with a linked account'] : []),
    ...(guard.can_create_resellers ? ['an organisation that may create resellers'] : []),
    ...(guard.emulating === false ? ['not emulating another user'] : []),
    ...(guard.any ? [`one of (${guard.any.map(guardWords).join(') or (')})`] : []),
  ];
  return parts.join(' and ');
}

function conditionWords(operation: Operation): string[] {
  return [
    ...(operation.permission ? [`permission ${operation.permission}`] : []),
    ...(operation.module ? [`the ${operation.module} module`] : []),
    ...(operation.guard ? [guardWords(operation.guard)] : []),
  ];
}

/**
 * Why an operation answers 403 (forbidden, csrf), or undefined when it never does: what the caller
 * (and, for a record reached through one get, that get) needs, and, for a state-changing call, the
 * CSRF token and the portal's own origin.
 */
function forbiddenWhen(model: Model, operation: Operation): string | undefined {
  const through =
    operation.access?.of?.length === 1 ? model.operations.find((candidate) => candidate.id === operation.access!.of![0]) : undefined;
  const needs = [...new Set([...conditionWords(operation), ...(through ? conditionWords(through) : [])])];
  // An entity with `outside_scope: forbidden` answers 403 for another organisation's record (a quote, 001 §2).
  const entity = operation.access ? model.entities.find((candidate) => candidate.name === operation.access!.entity) : undefined;
  const reasons = [
    ...(needs.length > 0 ? [`the caller lacks ${needs.join(', ')} (forbidden)`] : []),
    ...(operation.gateWhen ? [`the caller lacks ${guardWords(operation.gateWhen.guard)} for ${operation.gateWhen.when} (forbidden)`] : []),
    ...(entity?.outsideForbidden ? [`the ${entity.name} is another organisation's (forbidden)`] : []),
    ...(operation.method !== 'get' ? ['the call has no CSRF token or comes from another site (csrf)'] : []),
  ];
  return reasons.length === 0 ? undefined : `Forbidden: ${reasons.join('; or ')}`;
}

/** The area an operation belongs to, the first part of its path (`orders`, `auth`): its OpenAPI tag. */
export function operationArea(operation: Operation): string {
  return operation.path.split('/')[1] ?? '';
}

function operationObject(model: Model, operation: Operation) {
  const parameters = [
    ...operation.pathParams.map((param) => ({
      name: param.name,
      in: 'path',
      required: true,
      schema: propertySchema(model, param, componentRef),
    })),
    ...queryParameters(model, operation).map((param) => {
      const schema = propertySchema(model, param, componentRef);
      const isArray = schema['type'] === 'array';
      return {
        name: param.name,
        in: 'query',
        required: param.required,
        ...(isArray && { style: 'form', explode: true }),
        schema,
      };
    }),
  ];
  const success = operation.file
    ? {
        description: 'The file, named by Content-Disposition',
        headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…"' } },
        content: Object.fromEntries(operation.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
      }
    : operation.response === 'none'
      ? { description: 'Done' }
      : {
          description: 'OK',
          ...(operation.paged && {
            headers: {
              'x-total-count': { schema: { type: 'integer' }, description: 'Rows matching the filters' },
              'x-total-pages': { schema: { type: 'integer' }, description: 'Pages at this per_page' },
            },
          }),
          content: { 'application/json': { schema: typeRefSchema(model, operation.response, componentRef) } },
        };
  const writes = operation.generic?.kind === 'create' || operation.generic?.kind === 'update';
  const forbidden = forbiddenWhen(model, operation);
  return {
    operationId: operation.id,
    tags: [operationArea(operation)],
    ...(operation.summary !== undefined && { summary: operation.summary }),
    ...(operation.auth === 'public' ? { security: [] } : {}),
    ...(operation.permission && { 'x-permission': operation.permission }),
    ...(operation.module && { 'x-module': operation.module }),
    ...(operation.guard && { 'x-guard': operation.guard }),
    ...(operation.gateWhen && { 'x-gate-when': operation.gateWhen }),
    ...(parameters.length > 0 && { parameters }),
    ...(operation.body && { requestBody: requestBody(operation.body, operation.files) }),
    responses: {
      [String(operation.status)]: success,
      '400': problemResponse(USUAL_PROBLEMS['400']!),
      ...(operation.auth === 'session' && { '401': problemResponse('Not signed in') }),
      ...(forbidden && { '403': problemResponse(forbidden) }),
      ...(operation.pathParams.length > 0 && { '404': problemResponse('Not found') }),
      ...(writes && { '409': problemResponse('A unique value is taken (duplicate_value)') }),
      ...(writes &&
        (operation.generic?.scope || operation.generic?.lookup) && {
          '422': problemResponse('A value outside the caller’s scope (outside_scope) or naming no row (unknown_value)'),
        }),
      // A write of a record honours If-Match against the ETag its get answers.
      ...(writtenRecord(model, operation) && {
        '412': problemResponse('If-Match names another version of the record than the current one (stale_record)'),
      }),
      // A JSON body must be JSON (415) and at most 1 MB (413).
      ...(operation.body &&
        !operation.files && {
          '413': problemResponse('The body is larger than 1 MB (payload_too_large)'),
          '415': problemResponse('The body is not sent as application/json (unsupported_media_type)'),
        }),
      // With files: the JSON body at most 1 MB, each file within its limit, and only images.
      ...(operation.files && {
        '413': {
          ...problemResponse('The JSON body is larger than 1 MB (payload_too_large), or a file larger than its limit (file_too_large)'),
          'x-problem-codes': ['payload_too_large', 'file_too_large'],
        },
        '415': {
          ...problemResponse(
            'Neither application/json nor multipart/form-data (unsupported_media_type), or a file that is not a PNG, JPEG, GIF or WebP image by its content (image_files_only)',
          ),
          'x-problem-codes': ['unsupported_media_type', 'image_files_only'],
        },
      }),
      ...Object.fromEntries(
        Object.entries(operation.problems ?? {}).map(([status, codes]) => [
          status,
          { ...problemResponse(problemsAt(status, codes, status === '403' ? forbidden : undefined)), 'x-problem-codes': codes },
        ]),
      ),
    },
  };
}

/**
 * An operation's body: JSON, and for one taking files also multipart/form-data with the body as
 * its `jsonBody` part (002 §7) and each file as a binary part.
 */
function requestBody(body: string, files: UploadPart[] | undefined) {
  const json = { schema: { $ref: componentRef(body) } };
  if (!files) return { required: true, content: { 'application/json': json } };
  const parts = Object.fromEntries(
    files.map((part) => [
      part.name,
      {
        type: 'string',
        format: 'binary',
        description: `${part.description ?? 'An image'}: PNG, JPEG, GIF or WebP (checked by content), at most ${part.maxBytes} bytes`,
      },
    ]),
  );
  return {
    required: true,
    content: {
      'application/json': json,
      'multipart/form-data': {
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['jsonBody'],
          properties: { jsonBody: { $ref: componentRef(body) }, ...parts },
        },
        encoding: {
          jsonBody: { contentType: 'application/json' },
          ...Object.fromEntries(files.map((part) => [part.name, { contentType: 'image/png, image/jpeg, image/gif, image/webp' }])),
        },
      },
    },
  };
}

/** The OpenAPI 3.1 contract of every operation under /api/v1. */
export function buildOpenApi(model: Model): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of model.operations) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(model, operation);
  }
  const schemas: Record<string, JsonSchema> = { Problem: PROBLEM_SCHEMA };
  for (const schema of model.schemas) {
    schemas[schema.name] = shapeSchema(model, schema, componentRef, false);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reseller Hub API', version: '1.0.0' },
    servers: [{ url: '/api/v1' }],
    security: [{ session: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hub_session' } },
    },
  };
}
