/** The spec schema of a screen (spec/screens). */
import { componentRef, identifier } from './common';
import { listColumn, listFilter, recordColumn, recordTab, screenActions, screenLink } from './screenParts';

export const screen = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tabs: { type: 'array', items: recordTab },
    component: componentRef,
    // Row actions of a list screen, or the buttons under a record screen's heading.
    actions: screenActions,
    // A form's alerts after Save (000 §2.2, 002 §8): success names the saved record, failure the one typed.
    success: { type: 'string' },
    failure: { type: 'string' },
    form: identifier,
    fields: { type: 'array', items: identifier },
    // A widget by name, or with options: the organisation choice narrowed by the picker's query
    // parameters (`where`) or to the organisations below the user's own (`descendants`).
    widgets: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { enum: ['checkboxes', 'textarea', 'radio', 'select', 'organisation', 'password', 'email_check', 'user_timeout'] },
          {
            type: 'object',
            additionalProperties: false,
            required: ['widget'],
            properties: {
              widget: { const: 'organisation' },
              where: { type: 'object', propertyNames: identifier, additionalProperties: { type: ['string', 'number', 'boolean'] } },
              descendants: { type: 'boolean' },
            },
          },
        ],
      },
    },
    labels: { type: 'string', pattern: '^[a-z][a-z0-9_.]*$' },
    create: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    created_route: identifier,
    update: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    prefill: { type: 'object', propertyNames: identifier, additionalProperties: { type: 'string' } },
    // A new record's first values from an existing one: a get by the route's :id (a role to duplicate).
    prefill_from: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    // Form fields required although the entity allows null (a role's organisation, 002 §5).
    required: { type: 'array', minItems: 1, items: identifier },
    // Form fields only some users see (a role's template: root admins, 002 §5).
    guards: { type: 'object', propertyNames: identifier, additionalProperties: { $ref: '#/$defs/guard' } },
    // Choosing another value of a field empties the fields that depended on it.
    clears: { type: 'object', propertyNames: identifier, additionalProperties: { type: 'array', minItems: 1, items: identifier } },
    // A record screen drawn by a hand-written component (`file#Export`, given the record as a tab
    // is) instead of the generic definition list; its actions follow it (the order page, 001 §2).
    view: componentRef,
    // The view draws the tab bar itself: it is given the screen's tabs (its `tabs` prop) and puts
    // tabs of its own before them (the organisation editor's, 002 §2.4).
    view_tabs: { type: 'boolean' },
    edit: {
      type: 'object',
      additionalProperties: false,
      required: ['form', 'guard'],
      properties: { form: identifier, guard: { $ref: '#/$defs/guard' } },
    },
    list: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    record: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    // One child list of the record named by the route's :id, on a page of its own.
    children: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    title: { type: 'string' },
    // A record screen's title placeholders ({{name}}), each a property of the record, or `fallback` when it is null.
    title_values: {
      type: 'object',
      minProperties: 1,
      propertyNames: identifier,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: { field: identifier, fallback: identifier },
      },
    },
    // Dotted paths into nested rows (recordColumn) only on child-list screens: see oneOf.
    columns: { type: 'array', minItems: 1, items: recordColumn },
    filters: { type: 'array', items: listFilter },
    debounce_ms: { type: 'integer', minimum: 0, maximum: 5000 },
    // Row checkboxes with select-all; the component (`file#Export`) is drawn above the rows and given
    // the selected rows (the orders list's Export and Print, 001 §2).
    selection: componentRef,
    page_sizes: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 1 } },
    empty: { type: 'string' },
    tree: identifier,
    tree_parent: identifier,
    tree_ancestors: { type: 'boolean' },
    // Rows drawn under each row, nested one level below it: a hand-written function (`file#Export`)
    // making them of the row, in the list's columns (the metrics table's periods, 001 §2).
    detail_rows: componentRef,
    links: { type: 'array', items: screenLink },
    sections: { type: 'array', minItems: 1, items: identifier },
  },
  oneOf: [
    { required: ['component'] },
    { required: ['form', 'fields'] },
    { required: ['list', 'columns'], properties: { columns: { items: listColumn } } },
    { required: ['record'] },
    { required: ['children', 'columns'], not: { anyOf: [{ required: ['record'] }, { required: ['list'] }] } },
    {
      required: ['sections'],
      not: {
        anyOf: [
          { required: ['component'] },
          { required: ['form'] },
          { required: ['list'] },
          { required: ['record'] },
          { required: ['children'] },
        ],
      },
    },
  ],
} as const;
