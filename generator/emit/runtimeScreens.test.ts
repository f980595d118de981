import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/fragments';
import { emitScreens } from './runtimeCode';

const COLOUR_CHECKLIST = '      - { param: colour, widget: checklist, label: things.colour }';

/** A list and a record screen over one entity with an enum, a money and a decimal field. */
const model = (filters: string[] = [COLOUR_CHECKLIST], column = '      - { field: name, label: things.name, link: thing }') =>
  modelOf({
    'messages/en.yaml': 'messages:\n  crumb.home: Home\n  things.name: Name\n  things.colour: Colour\n',
    'enums.yaml': 'enums:\n  colour: [red, green]\n',
    'entities/thing.yaml': [
      'entities:',
      '  thing:',
      '    table: things',
      '    fields:',
      '      id: { type: id }',
      '      name: { type: string, max: 50, required: true }',
      '      colour: { type: enum, enum: colour, required: true }',
      '      price: { type: money, nullable: true }',
      '      weight: { type: decimal, scale: 2, nullable: true }',
      '',
    ].join('\n'),
    'api/things.yaml': [
      'schemas:',
      '  Thing:',
      '    from: thing',
      '    fields: [id, name, colour, price, weight]',
      'operations:',
      '  listThings:',
      '    method: get',
      '    path: /things',
      '    auth: public',
      '    paged: { per_page_max: 96, per_page_default: 24 }',
      '    generic:',
      '      list: thing',
      '      schema: Thing',
      '      sort: [id, name]',
      '      default_sort: "+name"',
      '      filters:',
      '        colour: { field: colour, match: in }',
      '        name: { search: [name] }',
      '    response: { array: Thing }',
      '  getThing:',
      '    method: get',
      '    path: /things/{id}',
      '    auth: public',
      '    generic: { get: thing, schema: Thing }',
      '    response: Thing',
      '',
    ].join('\n'),
    'screens/things.yaml': [
      'screens:',
      '  things:',
      '    list: listThings',
      '    columns:',
      column,
      '      - { field: colour, label: things.colour }',
      '    filters:',
      ...filters,
      '  thing:',
      '    record: getThing',
      '',
    ].join('\n'),
    'routes.yaml': [
      'routes:',
      '  - { name: things, path: /things, public: true, screen: things, breadcrumbs: [{ label: crumb.home }] }',
      '  - { name: thing, path: "/things/:id", public: true, screen: thing, breadcrumbs: [{ label: crumb.home }] }',
      '',
    ].join('\n'),
  });

describe('screens → runtime screens', () => {
  it('names the enum of enum columns and checklist filters, for their value labels', () => {
    const code = emitScreens(model());
    expect(code).toContain(
      '"field": "colour",\n        "label": "things.colour",\n        "format": "enum",\n        "sortable": false,\n        "enum": "colour"',
    );
    expect(code).toMatch(/"widget": "checklist",\s+"label": "things.colour",\s+"options": \[\s+"red",\s+"green"\s+\],\s+"enum": "colour"/);
  });

  it('marks enum and money properties of a record schema for display, not other decimals', () => {
    const literal = /export const recordScreens = ([\s\S]*?) as const;/.exec(emitScreens(model()))?.[1] ?? '{}';
    const screens = JSON.parse(literal) as {
      thing: { schema: { definitions: { Thing: { properties: Record<string, Record<string, unknown>> } } } };
    };
    const properties = screens.thing.schema.definitions.Thing.properties;
    expect(properties.colour).toMatchObject({ enum: ['red', 'green'], 'x-enum': 'colour' });
    expect(properties.price).toMatchObject({ 'x-format': 'money' });
    expect(properties.weight?.['x-format']).toBeUndefined();
    expect(properties.name?.['x-enum']).toBeUndefined();
  });
});

/** The generated literal of the things list screen. */
function thingsScreen(...args: Parameters<typeof model>): { columns: Record<string, unknown>[]; filters: Record<string, unknown>[] } {
  const literal = /export const listScreens = ([\s\S]*?) as const;/.exec(emitScreens(model(...args)))?.[1] ?? '{}';
  return (JSON.parse(literal) as Record<string, { columns: Record<string, unknown>[]; filters: Record<string, unknown>[] }>)['things']!;
}

describe('list screen filters and columns → runtime screens', () => {
  it.each([
    {
      given: '      - { param: colour, widget: checklist, label: things.colour, guard: { root: true, finance: true } }',
      want: { params: ['colour'], guard: { root: true, finance: true } },
    },
    {
      given: '      - { param: colour, widget: checklist, label: things.colour, presets: { warm: [red] } }',
      want: { options: ['red', 'green'], presets: { warm: ['red'] } },
    },
    {
      given: '      - { param: name, widget: organisation, label: things.name, descendants: true }',
      want: { widget: 'organisation', descendants: true },
    },
    {
      given:
        '      - { param: colour, widget: checklist, label: things.colour, options_from: { operation: listThings, value: id, label: name } }',
      want: { optionsFrom: { path: '/things', perPage: 96, value: 'id', label: 'name' } },
    },
  ])('$given', ({ given, want }) => {
    const filter = thingsScreen([given]).filters[0]!;
    expect(filter).toMatchObject(want);
    if ('optionsFrom' in want) expect(filter['options']).toBeUndefined();
  });

  it('given a column currency, keeps it for a money column and refuses it elsewhere', () => {
    const columns = '      - { field: price, label: things.name, currency: USD }';
    expect(thingsScreen(undefined, columns).columns[0]).toMatchObject({ field: 'price', format: 'money', currency: 'USD' });
    expect(() => model(undefined, '      - { field: name, label: things.name, currency: USD }')).toThrow('currency is for money columns');
  });

  it('given a column fallback, names the property shown when the field is null', () => {
    expect(thingsScreen(undefined, '      - { field: name, label: things.name, link: thing, fallback: id }').columns[0]).toMatchObject({
      field: 'name',
      fallback: 'id',
    });
  });

  it.each([
    {
      given: '      - { param: colour, widget: checklist, label: things.colour, presets: { warm: [blue] } }',
      want: 'preset "warm" is not among the filter\'s options',
    },
    {
      given:
        '      - { param: colour, widget: checklist, label: things.colour, options_from: { operation: listNothing, value: id, label: name } }',
      want: '"listNothing" is not a list operation',
    },
    {
      given:
        '      - { param: colour, widget: checklist, label: things.colour, options_from: { operation: listThings, value: id, label: title } }',
      want: 'schema "Thing" has no property "title"',
    },
    {
      given: '      - { param: colour, widget: checklist, label: things.colour, descendants: true }',
      want: 'descendants is for organisation filters',
    },
    {
      given: '      - { param: colour, widget: checklist, label: things.colour, guard: { permission: "thing:fly" } }',
      want: 'unknown permission "thing:fly"',
    },
  ])('refuses $given', ({ given, want }) => {
    expect(() => model([given])).toThrow(want);
  });
});
