import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/fragments';
import { emitScreens } from './runtimeCode';

/** A list and a record screen over one entity with an enum, a money and a decimal field. */
const model = () =>
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
      '      - { field: name, label: things.name, link: thing }',
      '      - { field: colour, label: things.colour }',
      '    filters:',
      '      - { param: colour, widget: checklist, label: things.colour }',
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
    expect(code).toContain('"field": "colour",\n        "label": "things.colour",\n        "format": "enum",\n        "sortable": false,\n        "enum": "colour"');
    expect(code).toMatch(/"widget": "checklist",\s+"label": "things.colour",\s+"options": \[\s+"red",\s+"green"\s+\],\s+"enum": "colour"/);
  });

  it('marks enum and money properties of a record schema for display, not other decimals', () => {
    const literal = /export const recordScreens = ([\s\S]*?) as const;/.exec(emitScreens(model()))?.[1] ?? '{}';
    const screens = JSON.parse(literal) as { thing: { schema: { definitions: { Thing: { properties: Record<string, Record<string, unknown>> } } } } };
    const properties = screens.thing.schema.definitions.Thing.properties;
    expect(properties.colour).toMatchObject({ enum: ['red', 'green'], 'x-enum': 'colour' });
    expect(properties.price).toMatchObject({ 'x-format': 'money' });
    expect(properties.weight?.['x-format']).toBeUndefined();
    expect(properties.name?.['x-enum']).toBeUndefined();
  });
});
