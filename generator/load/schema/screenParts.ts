/** The spec schema of what screens are made of: row conditions and cases, cell toggles, confirmations, actions, list columns and filters, links, record columns and tabs. */
import { componentRef, identifier, operationId, propertyPath } from './common';

/**
 * Row properties and what each must be: a value it equals, or bounds of a number
 * (`{ gt: 0 }`: a count above zero); every one must hold.
 */
export const rowCondition = {
  type: 'object',
  minProperties: 1,
  propertyNames: identifier,
  additionalProperties: {
    anyOf: [
      { type: ['string', 'number', 'boolean', 'null'] },
      // Any one of these values (an order's statuses that may be cancelled, 001 §4).
      { type: 'array', minItems: 1, items: { type: ['string', 'number', 'null'] } },
      {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { gt: { type: 'number' } },
      },
    ],
  },
} as const;

/** A label shown when the row meets `when`. */
export const rowCase = {
  type: 'object',
  additionalProperties: false,
  required: ['when', 'label'],
  properties: {
    when: rowCondition,
    label: { type: 'string' },
  },
} as const;

/** Path parameters of an operation filled from properties of the row (or record): `{ product: product.id }`. */
export const paramSources = { type: 'object', minProperties: 1, propertyNames: identifier, additionalProperties: propertyPath } as const;

/**
 * A checkbox cell of a record tab (002 §2.9): `on` (ticking) and `off` (unticking) are writes under
 * the record's path; `body` builds `on`'s JSON body from row properties, `params` fills path
 * parameters other than the record's {id} from row properties.
 */
export const cellToggle = {
  type: 'object',
  additionalProperties: false,
  required: ['on', 'off', 'success', 'failure'],
  properties: {
    on: operationId,
    off: operationId,
    body: { type: 'object', minProperties: 1, propertyNames: identifier, additionalProperties: propertyPath },
    params: paramSources,
    success: { type: 'string' },
    failure: { type: 'string' },
  },
} as const;

/**
 * A confirmation before an action runs (000 §2.8): its text (Yes / No), or a text with an optional
 * input (Proceed / Cancel) whose trimmed value is sent as the body's `field`.
 */
export const actionConfirm = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: {
        text: { type: 'string' },
        input: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'label'],
          properties: { field: identifier, label: { type: 'string' }, max: { type: 'integer', minimum: 1 } },
        },
      },
    },
  ],
} as const;

/**
 * An action of a list screen's rows, a record screen, or a record tab's rows: an operation it calls
 * (with its confirmation and alerts), a route it opens with the row's id, or a hand-written
 * component. `when` and `when_not_self` decide the rows (or records) it is offered on, `guard` who
 * sees it (the operation's own permission and guard are added by the generator).
 */
export const screenAction = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: identifier,
    label: { type: 'string' },
    operation: operationId,
    route: identifier,
    component: componentRef,
    params: paramSources,
    when: { $ref: '#/$defs/rowCondition' },
    // Not on the caller's own record: their own user, or their own organisation (002 §2.3, §6).
    when_not_self: { const: true },
    // Not on a record of the caller's own organisation: this property is its organisation (001 §4 approve).
    when_not_own: identifier,
    // This property is the record's organisation: on a record of the caller's own organisation the
    // operation's permission must be granted over it (000 §6 parent), as the server's tree scope asks.
    grant_reaches: identifier,
    guard: { $ref: '#/$defs/guard' },
    confirm: actionConfirm,
    success: { type: 'string' },
    failure: { type: 'string' },
    // After success, open this route (a deleted record's list); without it the list or record reloads.
    then: {
      type: 'object',
      additionalProperties: false,
      required: ['route'],
      properties: { route: identifier, reload_user: { const: true }, id: { const: 'answer' } },
    },
  },
  oneOf: [
    { required: ['operation', 'label', 'success', 'failure'] },
    {
      required: ['route', 'label'],
      not: {
        anyOf: [
          { required: ['confirm'] },
          { required: ['success'] },
          { required: ['failure'] },
          { required: ['then'] },
          { required: ['params'] },
        ],
      },
    },
    {
      required: ['component'],
      not: {
        anyOf: [
          { required: ['confirm'] },
          { required: ['success'] },
          { required: ['failure'] },
          { required: ['then'] },
          { required: ['params'] },
        ],
      },
    },
  ],
} as const;

export const screenActions = { type: 'array', minItems: 1, items: screenAction } as const;

/**
 * A column shows a row property (`field`), or is computed (`name` plus `cases`): the labels of the
 * cases that match, or `otherwise`. Either may carry `warnings`: an icon whose tooltip joins the
 * labels of the warnings that match.
 */
export const listColumn = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    field: identifier,
    name: identifier,
    label: { type: 'string' },
    link: { type: 'string' },
    link_param: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
    format: { enum: ['text', 'money', 'date', 'datetime', 'enum', 'boolean'] },
    fallback: identifier,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    cases: { type: 'array', minItems: 1, items: rowCase },
    otherwise: { type: 'string' },
    warnings: { type: 'array', minItems: 1, items: rowCase },
    // Who sees the column at all (a row action for admins only, 002 §2.7).
    guard: { $ref: '#/$defs/guard' },
    // A hand-written cell (`name` plus `component`): screens/<file>.tsx draws it from the row.
    component: componentRef,
    // A checkbox over a boolean `field` of a record tab's rows: ticking calls `on`, unticking `off`.
    toggle: cellToggle,
  },
  oneOf: [
    {
      required: ['field'],
      not: { anyOf: [{ required: ['name'] }, { required: ['cases'] }, { required: ['otherwise'] }, { required: ['component'] }] },
    },
    {
      required: ['name', 'cases'],
      not: { anyOf: [{ required: ['field'] }, { required: ['format'] }, { required: ['component'] }, { required: ['toggle'] }] },
    },
    {
      required: ['name', 'component'],
      not: { anyOf: [{ required: ['field'] }, { required: ['cases'] }, { required: ['toggle'] }, { required: ['link'] }] },
    },
  ],
} as const;

export const queryValues = {
  type: 'object',
  minProperties: 1,
  propertyNames: identifier,
  additionalProperties: { type: ['string', 'number', 'boolean'] },
} as const;

/**
 * A filter widget over one query parameter (`param`), two (`params`, the range widgets), or, for
 * a select, a named choice (`name`) among an enum's values, each of which sets query parameters
 * (`choices`). An organisation widget may narrow its choices with `where` (organisations list
 * query parameters).
 */
export const listFilter = {
  type: 'object',
  additionalProperties: false,
  required: ['widget', 'label'],
  properties: {
    param: identifier,
    params: { type: 'array', minItems: 2, maxItems: 2, items: identifier },
    name: identifier,
    widget: { enum: ['text', 'checklist', 'select', 'organisation', 'date_range', 'value_range', 'number_range'] },
    label: { type: 'string' },
    default: {},
    guard: { $ref: '#/$defs/guard' },
    descendants: { const: true },
    presets: { type: 'object', propertyNames: identifier, minProperties: 1 },
    options_from: {
      type: 'object',
      additionalProperties: false,
      required: ['operation', 'value', 'label'],
      properties: { operation: { type: 'string' }, value: identifier, label: identifier },
    },
    enum: identifier,
    choices: { type: 'object', minProperties: 1, additionalProperties: queryValues },
    where: queryValues,
    // An organisation widget over [organisation, flag]: the option labelled `others` sets the flag
    // (001 §2 "my customers": every organisation but the user's own).
    others: { type: 'string' },
  },
  oneOf: [{ required: ['param'] }, { required: ['params'] }, { required: ['name', 'choices', 'enum'] }],
} as const;

/**
 * A link of a screen: to a route of the SPA, or (`href`) to a path the server answers itself, a
 * full-page link such as a file download; on a record or child-list screen `{id}` in an href is
 * the record's id, and a route link passes it as the route's `:id`.
 */
export const screenLink = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    label: { type: 'string' },
    route: { type: 'string' },
    href: { type: 'string', pattern: '^/[A-Za-z0-9_./{}-]*$' },
    place: { enum: ['header', 'footer', 'both'] },
    guard: { $ref: '#/$defs/guard' },
    // Shown only when the list holds at least this many rows (002 §2.10: a footer link past 10 feeds).
    min_rows: { type: 'integer', minimum: 1 },
  },
  oneOf: [{ required: ['route'] }, { required: ['href'] }],
} as const;

export const recordColumn = {
  ...listColumn,
  properties: {
    ...listColumn.properties,
    field: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
    link_param: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' },
  },
} as const;

/**
 * A tab of a record screen: one of the record's child lists (with actions on its rows), or a
 * hand-written component given the record. `when` (a condition on the record) and its list's guard decide
 * whether it is shown.
 */
export const recordTab = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: {
    list: operationId,
    component: componentRef,
    label: { type: 'string' },
    columns: { type: 'array', minItems: 1, items: recordColumn },
    empty: { type: 'string' },
    when: { $ref: '#/$defs/rowCondition' },
    actions: screenActions,
    // A component tab that saves: the alerts it raises (role_permissions_updated…).
    success: { type: 'string' },
    failure: { type: 'string' },
  },
  oneOf: [
    { required: ['list', 'columns'], not: { anyOf: [{ required: ['component'] }, { required: ['success'] }, { required: ['failure'] }] } },
    {
      required: ['component'],
      not: { anyOf: [{ required: ['list'] }, { required: ['columns'] }, { required: ['empty'] }, { required: ['actions'] }] },
    },
  ],
} as const;
