import { describe, expect, it } from 'vitest';
import { modelErrorOf, modelOf } from '../testing/fragments';

const entity = (fields: string) => `entities:\n  vendor:\n    table: vendors\n    fields:\n      id: { type: id }\n${fields}`;

describe('a bad spec fails with file, line and path', () => {
  it.each<{ name: string; given: Record<string, string>; want: unknown }>([
    {
      name: 'unknown field type',
      given: { 'entities/a.yaml': entity('      name: { type: strng }\n') },
      want: 'entities/a.yaml:6: entities.vendor.fields.name.type: must be equal to one of the allowed values',
    },
    {
      name: 'unknown key',
      given: { 'entities/a.yaml': entity('      name: { type: string, maxx: 3 }\n') },
      want: 'entities/a.yaml:6: entities.vendor.fields.name.maxx: unknown key "maxx"',
    },
    {
      name: 'reference to a missing enum',
      given: { 'entities/a.yaml': entity('      status: { type: enum, enum: colour }\n') },
      want: 'entities/a.yaml:6: entities.vendor.fields.status: unknown enum "colour"',
    },
    {
      name: 'reference to a missing entity',
      given: { 'entities/a.yaml': entity('      owner: { type: ref, to: company }\n') },
      want: 'entities/a.yaml:6: entities.vendor.fields.owner: unknown entity "company"',
    },
    {
      name: 'an entity defined twice',
      given: { 'entities/a.yaml': entity(''), 'entities/b.yaml': entity('') },
      want: 'entities/b.yaml:2: entities.vendor: "vendor" is already defined in entities/a.yaml',
    },
    {
      name: 'YAML syntax',
      given: { 'enums.yaml': 'enums:\n  colour: [red, green\n' },
      want: expect.stringMatching(/^enums\.yaml:\d+: \(root\): /),
    },
    {
      name: 'a schema exposing a private field',
      given: {
        'entities/a.yaml': entity('      secret: { type: string, private: true }\n'),
        'api/s.yaml': 'schemas:\n  Vendor:\n    from: vendor\n    fields: [id, secret]\n',
      },
      want: 'api/s.yaml:4: schemas.Vendor.fields.1: field "secret" is private and cannot travel over the API',
    },
    {
      name: 'a route to a missing screen',
      given: { 'routes.yaml': 'routes:\n  - name: home\n    path: /\n    screen: nowhere\n' },
      want: 'routes.yaml:4: routes.0.screen: unknown screen "nowhere"',
    },
    {
      name: 'a guard with an unknown permission',
      given: {
        'routes.yaml': 'routes:\n  - name: home\n    path: /\n    screen: home\n    guard: { permission: "order:fly" }\n',
        'screens/a.yaml': 'screens:\n  home:\n    component: home/Home#Home\n',
      },
      want: 'routes.yaml:5: routes.0.guard.permission: unknown permission "order:fly"',
    },
    {
      name: "an unknown permission inside a guard's any",
      given: {
        'routes.yaml':
          'routes:\n  - name: home\n    path: /\n    screen: home\n    guard:\n      any:\n        - { root: true }\n        - { permission: "feed:fly", linked_account: true }\n',
        'screens/a.yaml': 'screens:\n  home:\n    component: home/Home#Home\n',
      },
      want: 'routes.yaml:8: routes.0.guard.any.1.permission: unknown permission "feed:fly"',
    },
    {
      name: 'a guard whose any has one alternative',
      given: {
        'routes.yaml': 'routes:\n  - name: home\n    path: /\n    screen: home\n    guard: { any: [{ root: true }] }\n',
        'screens/a.yaml': 'screens:\n  home:\n    component: home/Home#Home\n',
      },
      want: expect.stringMatching(/^routes\.yaml:5: routes\.0\.guard\.any: /),
    },
    {
      name: 'an unknown permission in an operation guard',
      given: {
        'api/a.yaml':
          'operations:\n  ping:\n    method: get\n    path: /ping\n    auth: session\n    guard: { any: [{ root: true }, { permission: "ping:pong" }] }\n    response: none\n    handler: misc/handlers#ping\n',
      },
      want: 'api/a.yaml:6: operations.ping.guard.any.1.permission: unknown permission "ping:pong"',
    },
  ])('$name', ({ given, want }) => {
    expect(modelErrorOf(given)).toEqual(want);
  });
});

describe('the model', () => {
  it('names ref columns <field>_id and treats id fields as primary', () => {
    const model = modelOf({
      'entities/a.yaml': entity('      parent: { type: ref, to: vendor, nullable: true }\n      price: { type: money }\n'),
    });
    const fields = model.entities[0]!.fields;
    expect(fields.map((field) => [field.name, field.column, field.primary])).toEqual([
      ['id', 'id', true],
      ['parent', 'parent_id', false],
      ['price', 'price', false],
    ]);
    expect(fields[2]!.scale).toBe(4);
  });
});

describe('path parameters other than {id}', () => {
  const lookup = (params: string, path = '/lookup/company/{query}') =>
    `schemas:\n  Found:\n    add:\n      name: { type: string, max: 20, required: true }\noperations:\n  lookupThing:\n    method: get\n    path: ${path}\n${params}    auth: session\n    handler: things/handlers#lookupThing\n    response: Found\n`;

  it('takes a declared one with its own type, and it names no record', () => {
    const operation = modelOf({ 'api/a.yaml': lookup('    params:\n      query: { type: string, max: 20 }\n') }).operations[0]!;
    expect(operation.pathParams).toEqual([
      { name: 'query', type: { kind: 'scalar', scalar: { type: 'string', max: 20 } }, required: true, nullable: false },
    ]);
    expect(operation.access).toBeUndefined();
  });

  it('refuses a declaration of {id} or of a name the path does not have', () => {
    expect(modelErrorOf({ 'api/a.yaml': lookup('    params:\n      id: { type: string }\n', '/things/{id}') })).toMatch(
      /\{id\} is a record id/,
    );
    expect(modelErrorOf({ 'api/a.yaml': lookup('    params:\n      other: { type: string }\n') })).toMatch(
      /"other" is not a parameter of the path/,
    );
  });
});
