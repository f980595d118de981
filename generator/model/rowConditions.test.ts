import { describe, expect, it } from 'vitest';
import { emitScreens } from '../emit/runtimeCode';
import { emitServerOperations } from '../emit/serverCode';
import { modelOf, specErrorOf } from '../testing/fragments';
import { queryParameters } from './queryParameters';
import type { ListScreen, RecordScreen } from './types';

/**
 * What the checkout routes (000 §2.1, §2.7, §2.9) asked of the generator: a list filter on
 * whether a row has child rows (`has`), row conditions with an integer bound (`gt`), and a record
 * title filled from the record (`title_values`).
 */
const base: Record<string, string> = {
  'messages/en.yaml': [
    'messages:',
    '  crumb.home: Home',
    '  c.name: Name',
    '  c.go: Go',
    '  c.open: Opening {{name}}',
    '  c.plain: Opening',
    '',
  ].join('\n'),
  'entities/cart.yaml': [
    'entities:',
    '  cart:',
    '    table: carts',
    '    fields:',
    '      id: { type: id }',
    '      name: { type: string, max: 50, nullable: true }',
    '      total: { type: money }',
    '  cart_line:',
    '    table: cart_lines',
    '    fields:',
    '      id: { type: id }',
    '      cart: { type: ref, to: cart, required: true }',
    '      other: { type: ref, to: cart_line, nullable: true }',
    '',
  ].join('\n'),
  'routes.yaml': [
    'routes:',
    '  - { name: carts, path: /carts, public: true, screen: carts }',
    '  - { name: cart, path: "/carts/:id", public: true, screen: cart }',
    '',
  ].join('\n'),
};

const api = (filters: string) =>
  [
    'schemas:',
    '  CartRow:',
    '    from: cart',
    '    fields: [id, name, total]',
    '    add:',
    '      line_count: { type: integer, min: 0, required: true, count: { entity: cart_line, via: cart } }',
    '  Cart: { from: cart, fields: [id, name, total] }',
    'operations:',
    '  listCarts:',
    '    method: get',
    '    path: /carts',
    '    auth: public',
    '    paged: { per_page_max: 96, per_page_default: 24 }',
    '    generic:',
    '      list: cart',
    '      schema: CartRow',
    '      sort: [id]',
    '      default_sort: "+id"',
    '      filters:',
    filters,
    '    response: { array: CartRow }',
    '  getCart: { method: get, path: "/carts/{id}", auth: public, generic: { get: cart, schema: Cart }, response: Cart }',
    '',
  ].join('\n');

const GOOD_FILTER = '        has_lines: { has: { entity: cart_line, via: cart } }';
const GOOD_COLUMNS = [
  '    columns:',
  '      - { field: name, label: c.name, link: cart, fallback: id }',
  '      - name: go',
  '        label: c.go',
  '        cases: [{ when: { line_count: { gt: 0 } }, label: c.go }]',
  '        link: cart',
  '',
].join('\n');
const GOOD_RECORD = '    title: c.open\n    title_values: { name: { field: name, fallback: id } }\n';

function build({ filter = GOOD_FILTER, columns = GOOD_COLUMNS, record = GOOD_RECORD } = {}) {
  return modelOf({
    ...base,
    'api/carts.yaml': api(filter),
    'screens/carts.yaml': `screens:\n  carts:\n    list: listCarts\n${columns}  cart:\n    record: getCart\n${record}`,
  });
}

const errorOf = (given: Parameters<typeof build>[0]): string => specErrorOf(() => build(given));

describe('row conditions, has filters and title values → model and code', () => {
  const model = build();

  it('builds a has filter as a boolean query parameter and the server meta with the child table', () => {
    const operation = model.operations.find((candidate) => candidate.id === 'listCarts')!;
    expect(operation.generic!.filters).toEqual([
      { param: 'has_lines', match: 'has', fields: [], has: { entity: 'cart_line', via: 'cart' } },
    ]);
    expect(queryParameters(model, operation).find((property) => property.name === 'has_lines')).toMatchObject({
      type: { kind: 'scalar', scalar: { type: 'boolean' } },
      required: false,
    });
    expect(emitServerOperations(model)).toContain(
      '"match": "has",\n          "fields": [],\n          "has": {\n            "table": "cart_lines",\n            "column": "cart_id"\n          }',
    );
  });

  it('keeps bounds in cases on the column', () => {
    const list = model.screens.find((screen) => screen.name === 'carts') as ListScreen;
    expect(list.columns[1]).toEqual({
      field: 'go',
      label: 'c.go',
      format: 'text',
      sortable: false,
      link: 'cart',
      cases: [{ when: { line_count: { gt: 0 } }, label: 'c.go' }],
    });
    expect(emitScreens(model)).toContain('"line_count": {\n');
  });

  it('keeps the title values of a record screen and emits them', () => {
    const record = model.screens.find((screen) => screen.name === 'cart') as RecordScreen;
    expect(record.titleValues).toEqual({ name: { field: 'name', fallback: 'id' } });
    expect(emitScreens(model)).toContain(
      '"title": "c.open",\n    "titleValues": {\n      "name": {\n        "field": "name",\n        "fallback": "id"\n      }\n    },',
    );
  });
});

describe('row conditions, has filters and title values: a bad spec fails with file, line and path', () => {
  it.each<{ name: string; given: Parameters<typeof build>[0]; want: string }>([
    {
      name: 'a has filter on an unknown entity',
      given: { filter: '        has_lines: { has: { entity: cart_item, via: cart } }' },
      want: 'api/carts.yaml:20: operations.listCarts.generic.filters.has_lines.has.entity: unknown entity "cart_item"',
    },
    {
      name: 'a has filter whose via does not point at the listed entity',
      given: { filter: '        has_lines: { has: { entity: cart_line, via: other } }' },
      want: 'api/carts.yaml:20: operations.listCarts.generic.filters.has_lines.has.via: "other" is not a ref of "cart_line" to "cart"',
    },
    {
      name: 'bounds on a property that is not an integer',
      given: { columns: '    columns:\n      - { name: go, label: c.go, cases: [{ when: { total: { gt: 0 } }, label: c.go }] }\n' },
      want: 'screens/carts.yaml:5: screens.carts.columns.0.cases.0.when.total: "total" is not an integer and has no bounds',
    },
    {
      name: 'a condition on a property the row lacks',
      given: { columns: '    columns:\n      - { name: go, label: c.go, cases: [{ when: { lines: { gt: 0 } }, label: c.go }] }\n' },
      want: 'screens/carts.yaml:5: screens.carts.columns.0.cases.0.when.lines: schema "CartRow" has no property "lines"',
    },
    {
      name: 'a bound other than gt (the vocabulary review removed gte, lt and lte)',
      given: { columns: '    columns:\n      - { name: go, label: c.go, cases: [{ when: { line_count: { lte: 9 } }, label: c.go }] }\n' },
      want: "screens/carts.yaml:2: screens.carts: must have required property 'component'",
    },
    {
      name: 'a title value naming no property of the record',
      given: { record: '    title: c.open\n    title_values: { name: { field: label } }\n' },
      want: 'screens/carts.yaml:13: screens.cart.title_values.name.field: schema "Cart" has no property "label"',
    },
    {
      name: 'a title value the title message does not hold',
      given: { record: '    title: c.plain\n    title_values: { name: { field: name } }\n' },
      want: 'screens/carts.yaml:13: screens.cart.title_values.name: message "c.plain" has no {{name}}',
    },
    {
      name: 'title values without a title',
      given: { record: '    title_values: { name: { field: name } }\n' },
      want: 'screens/carts.yaml:12: screens.cart.title_values: title_values need a title',
    },
  ])('$name', ({ given, want }) => {
    expect(errorOf(given)).toEqual(want);
  });
});
