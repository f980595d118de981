/** The spec schema of an operation (spec/api) and of a route (spec/routes). */
import { identifier, parameterSet, scopeSchema } from './common';

export const operation = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path', 'auth', 'response'],
  properties: {
    method: { enum: ['get', 'post', 'put', 'patch', 'delete'] },
    path: { type: 'string', pattern: '^/' },
    // One line for the API reference (GET /api/v1/docs) and the OpenAPI summary.
    summary: { type: 'string' },
    auth: { enum: ['public', 'session'] },
    permission: { type: 'string' },
    module: { enum: ['WEBSTORE', 'DOVETAIL'] },
    guard: { $ref: '#/$defs/guard' },
    paged: {
      type: 'object',
      additionalProperties: false,
      required: ['per_page_max', 'per_page_default'],
      properties: { per_page_max: { type: 'integer', minimum: 1 }, per_page_default: { type: 'integer', minimum: 1 } },
    },
    query: parameterSet,
    // Path parameters other than a record's {id} (a positive integer), by name: a company number
    // looked up as typed ({ query: { type: string, max: 20 } }).
    params: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
    body: { type: 'string' },
    // Image files sent with the body as multipart/form-data (002 §7: a `jsonBody` part and the
    // named file parts), by part name, each at most `max_bytes`; the router checks each file's type
    // by its content (server/http/uploads.ts) and hands them to the handler as `files`.
    files: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['max_bytes'],
        properties: { max_bytes: { type: 'integer', minimum: 1, maximum: 10485760 }, description: { type: 'string' } },
      },
    },
    // `{ file: [application/pdf] }`: a file answered with a Content-Disposition filename (an
    // invoice's PDF, an export's CSV); the handler answers a FileAnswer (server/http/operationDef.ts).
    response: {
      anyOf: [
        { const: 'none' },
        { type: 'string' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['file'],
          properties: { file: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]+$' } } },
        },
        { $ref: '#/$defs/property' },
      ],
    },
    status: { type: 'integer', minimum: 200, maximum: 299 },
    // The problems a hand-written operation answers beyond the usual ones, by status, for the
    // OpenAPI contract: { 409: [max_feeds_reached], 422: [outside_scope] } (codes of the catalogue).
    problems: {
      type: 'object',
      propertyNames: { pattern: '^(4[0-9][0-9]|503)$' },
      additionalProperties: { type: 'array', minItems: 1, items: identifier },
    },
    handler: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*(/[a-z][a-zA-Z0-9]*)*#[A-Za-z_][A-Za-z0-9_]*$' },
    // A gate the handler applies to some calls only, answering 403 forbidden otherwise: `when` says
    // which calls ("any query but organisation_to alone"), `guard` what they need. Required with
    // problems { 403: [forbidden] }, so every refusal is declared (contract, docs/authorization.md).
    gate_when: {
      type: 'object',
      additionalProperties: false,
      required: ['when', 'guard'],
      properties: { when: { type: 'string' }, guard: { $ref: '#/$defs/guard' } },
    },
    // Whose record a hand-written operation's {id} names and who may reach it (docs/spec-design.md
    // "Whose record an {id} names"): the authorization matrix and its test are derived from it.
    access: {
      type: 'object',
      additionalProperties: false,
      oneOf: [{ required: ['entity'] }, { required: ['of'] }],
      properties: {
        entity: identifier,
        of: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 2, items: { type: 'string' } }] },
        scope: scopeSchema,
        shared: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean'] },
        },
        where: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: {
            oneOf: [
              { type: ['string', 'number', 'boolean'] },
              { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean'] } },
            ],
          },
        },
      },
    },
    generic: {
      type: 'object',
      additionalProperties: false,
      oneOf: [
        { required: ['list', 'sort', 'default_sort', 'schema'] },
        { required: ['get', 'schema'] },
        { required: ['children', 'of', 'via', 'schema'] },
        { required: ['create', 'schema'] },
        { required: ['update', 'schema'] },
        { required: ['action', 'values', 'audit'] },
        { required: ['delete'] },
      ],
      properties: {
        list: identifier,
        get: identifier,
        children: identifier,
        create: identifier,
        update: identifier,
        // A state change of one record (enable, disable): the fixed values it writes, the audit
        // action it is recorded as, and what the record must be for it to apply.
        action: identifier,
        values: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        audit: { type: 'string', pattern: '^[A-Z_]+$' },
        when: {
          type: 'object',
          minProperties: 1,
          propertyNames: identifier,
          additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
        },
        not_self: { type: 'boolean' },
        delete: identifier,
        // Child rows removed with the record ("entity.via"), and child rows that forbid the delete
        // ("entity.via": problem code answered with 409).
        cascade: { type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' } },
        restrict: { type: 'object', propertyNames: { pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' }, additionalProperties: identifier },
        requires: { type: 'object', propertyNames: identifier, additionalProperties: identifier },
        lookup: {
          type: 'object',
          propertyNames: identifier,
          additionalProperties: { type: 'string', pattern: '^[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*$' },
        },
        of: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
        via: identifier,
        where: { type: 'object', propertyNames: identifier, additionalProperties: { type: ['string', 'number', 'boolean'] } },
        schema: { type: 'string' },
        sort: { type: 'array', items: identifier },
        default_sort: { type: 'string', pattern: '^[+-][a-z_]+$' },
        scope: scopeSchema,
        filters: {
          type: 'object',
          propertyNames: identifier,
          additionalProperties: {
            type: 'object',
            additionalProperties: false,
            properties: {
              search: { type: 'array', minItems: 1, items: identifier },
              field: identifier,
              match: { enum: ['eq', 'in', 'gte', 'lte', 'subtree', 'not_own', 'set'] },
              // A boolean parameter: true keeps the rows that have child rows of `entity` (its ref `via`), false the others.
              has: {
                type: 'object',
                additionalProperties: false,
                required: ['entity', 'via'],
                properties: { entity: identifier, via: identifier },
              },
            },
            oneOf: [{ required: ['search'] }, { required: ['field', 'match'] }, { required: ['has'] }],
          },
        },
      },
    },
  },
} as const;

export const crumb = {
  type: 'object',
  additionalProperties: false,
  properties: { label: { type: 'string' }, route: { type: 'string' }, param: { type: 'string' }, lookup: { type: 'string' } },
} as const;

export const route = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'path'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
    path: { type: 'string', pattern: '^(/|\\*)' },
    public: { type: 'boolean' },
    screen: identifier,
    redirect: { type: 'string' },
    guard: { $ref: '#/$defs/guard' },
    breadcrumbs: { type: 'array', items: crumb },
  },
} as const;
