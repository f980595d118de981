/** The JSON schema every spec file must satisfy; cross-references are checked by buildModel. Its parts are in schema/:
 * building blocks (common.ts), operations and routes, screens and what they are made of. */
import { apiSchema, entity, guard, identifier, parameterSet, property } from './schema/common';
import { operation, route } from './schema/operation';
import { screen } from './schema/screen';
import { rowCondition } from './schema/screenParts';

/**
 * The header menu (spec/menu.yaml): entries naming a route of the SPA (or, `href`, a page the server
 * answers itself) with a label key and an optional extra guard, and groups of them shown behind a
 * disclosure button. Who sees a route entry is its route's guard plus the entry's own.
 */
const menuEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    route: { type: 'string' },
    href: { type: 'string', pattern: '^/[A-Za-z0-9_./-]*$' },
    label: { type: 'string' },
    guard: { $ref: '#/$defs/guard' },
  },
  oneOf: [{ required: ['route'] }, { required: ['href'] }],
} as const;

const menuGroup = {
  type: 'object',
  additionalProperties: false,
  required: ['group', 'label', 'entries'],
  properties: {
    group: identifier,
    label: { type: 'string' },
    entries: { type: 'array', minItems: 1, items: menuEntry },
  },
} as const;

/**
 * An e-mail the portal sends (docs/spec.md "emails"): its templates are emails/<name>.html.hbs and
 * emails/<name>.txt.hbs beside this declaration; `context` and `sample` are checked by the model
 * builder (generator/model/emailContext.ts), which names the line of a bad type or sample value.
 */
const email = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'description', 'subject', 'context', 'sample'],
  properties: {
    label: { type: 'string' },
    description: { type: 'string' },
    subject: { type: 'string', minLength: 1, pattern: '^[^\\n]*$' },
    context: { type: 'object' },
    sample: { type: 'object' },
  },
} as const;

export const specFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $defs: { property, guard, rowCondition },
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enums: {
      type: 'object',
      propertyNames: identifier,
      additionalProperties: { type: 'array', minItems: 1, uniqueItems: true, items: { type: ['string', 'integer'] } },
    },
    entities: { type: 'object', propertyNames: identifier, additionalProperties: entity },
    schemas: { type: 'object', propertyNames: { pattern: '^[A-Z][A-Za-z0-9]*$' }, additionalProperties: apiSchema },
    parameters: { type: 'object', additionalProperties: parameterSet },
    operations: { type: 'object', propertyNames: { pattern: '^[a-z][A-Za-z0-9]*$' }, additionalProperties: operation },
    routes: { type: 'array', items: route },
    // A group is told apart by its `group` key, so that a bad one is reported as a group.
    menu: { type: 'array', minItems: 1, items: { if: { type: 'object', required: ['group'] }, then: menuGroup, else: menuEntry } },
    screens: { type: 'object', propertyNames: identifier, additionalProperties: screen },
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string', pattern: '^[a-z_]+:[a-z_]+$' }, module: { type: 'string' } },
      },
    },
    messages: { type: 'object', additionalProperties: { type: 'string' } },
    emails: { type: 'object', propertyNames: identifier, additionalProperties: email },
  },
} as const;
