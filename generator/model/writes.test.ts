import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../emit/openapi';
import { emitServerOperations } from '../emit/serverCode';
import { SpecError } from '../load/readSpec';
import { modelOf } from '../testing/fragments';

// Generic create and update operations (`generic: { create | update, schema, requires }`).

const ENTITIES = [
  'enums:',
  '  state: [DRAFT, LIVE]',
  'entities:',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 45, required: true, unique: true }',
  '      kind: { type: string, max: 10, nullable: true }',
  '      sub_kind: { type: string, max: 10, nullable: true }',
  '      state: { type: enum, enum: state, default: DRAFT }',
  '  other:',
  '    table: others',
  '    fields:',
  '      id: { type: id }',
  '',
].join('\n');

const SCHEMAS = [
  'schemas:',
  '  Thing: { from: thing, fields: [id, name, kind, sub_kind, state] }',
  '  ThingInput: { input: true, from: thing, fields: [name, kind, sub_kind, state] }',
  '  Other: { from: other, fields: [id] }',
  '',
].join('\n');

const operations = (create = '    generic: { create: thing, schema: ThingInput, requires: { sub_kind: kind } }', createExtra = '    method: post\n    path: /things\n    status: 201\n    response: Thing') =>
  [
    'operations:',
    '  createThing:',
    createExtra,
    '    auth: session',
    '    guard: { root: true, admin: true }',
    create,
    '  updateThing:',
    '    method: put',
    '    path: /things/{id}',
    '    auth: session',
    '    generic: { update: thing, schema: ThingInput }',
    '    response: Thing',
    '',
  ].join('\n');

const files = (ops: string) => ({ 'entities/a.yaml': ENTITIES, 'api/a.yaml': `${SCHEMAS}${ops}` });

function errorOf(given: Record<string, string>): string {
  try {
    modelOf(given);
  } catch (error) {
    if (error instanceof SpecError) return error.message;
    throw error;
  }
  return 'no error';
}

describe('generic create and update', () => {
  it('take the input schema as body, leave defaulted fields optional and emit what the server writes', () => {
    const model = modelOf(files(operations()));
    const create = model.operations.find((operation) => operation.id === 'createThing')!;
    expect(create.body).toBe('ThingInput');
    expect(create.generic).toMatchObject({ kind: 'create', entity: 'thing', requires: { sub_kind: 'kind' } });
    const input = model.schemas.find((schema) => schema.name === 'ThingInput')!;
    expect(input.properties.filter((property) => property.required).map((property) => property.name)).toEqual(['name']);
    const code = emitServerOperations(model);
    // The answer is read back through the response schema; the write names the input fields.
    expect(code).toMatch(/"kind": "create",\s+"entity": "thing",\s+"fields": \[\s+"id",\s+"name",\s+"kind",\s+"sub_kind",\s+"state"\s+\]/);
    expect(code).toMatch(/"write": \{\s+"fields": \[\s+"name",\s+"kind",\s+"sub_kind",\s+"state"\s+\],\s+"unique": \[\s+"name"\s+\],\s+"requires": \{\s+"sub_kind": "kind"\s+\}/);
    expect(code).toMatch(/"kind": "update",[\s\S]*"requires": \{\}/);
    const openapi = buildOpenApi(model) as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(openapi.paths['/things']!['post']!.requestBody).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } } });
    expect(openapi.paths['/things/{id}']!['put']!.requestBody).toBeDefined();
    expect(Object.keys((openapi.paths['/things']!['post'] as unknown as { responses: object }).responses)).toContain('409');
  });

  it.each([
    ['a create that is no post', operations(undefined, '    method: put\n    path: /things\n    response: Thing'), 'a generic create is a post without path parameters'],
    ['a body other than the schema', operations('    body: Thing\n    generic: { create: thing, schema: ThingInput }'), 'the body of a generic create is its schema "ThingInput"'],
    ['a response of another entity', operations(undefined, '    method: post\n    path: /things\n    response: Other'), 'a generic create answers a schema of entity "thing"'],
    ['a schema of another entity', operations('    generic: { create: thing, schema: Other }'), 'schema "Other" must be from entity "thing"'],
    ['requires naming no field', operations('    generic: { create: thing, schema: ThingInput, requires: { sub_kind: nope } }'), 'entity "thing" has no field "nope"'],
    ['a create with a scope', operations('    generic: { create: thing, schema: ThingInput, scope: { tree: kind } }'), 'a generic create has no scope'],
  ])('refuse %s', (_name, ops, message) => {
    expect(errorOf(files(ops))).toContain(message);
  });
});

describe('form screens saving through generic create and update', () => {
  const screens = (form: string, record = '') =>
    [
      'screens:',
      '  thing_form:',
      '    form: thing',
      '    labels: things',
      '    fields: [name, kind]',
      form,
      '  thing:',
      '    record: getThing',
      record,
      '',
    ].join('\n');
  const routes = 'routes:\n  - { name: thing, path: /things/:id, screen: thing }\n  - { name: things_new, path: /things/new, screen: thing_form }\n';
  const get = '  getThing:\n    method: get\n    path: /things/{id}\n    auth: session\n    generic: { get: thing, schema: Thing }\n    response: Thing\n';
  const given = (form: string, record = '') => ({
    ...files(`${operations()}${get}`),
    'screens/a.yaml': screens(form, record),
    'routes.yaml': routes,
    'messages/en.yaml': 'messages:\n  crumb.home: Home\n  record.definition: Definition\n  things.name: Name\n  things.kind: Kind\n  things.new_name: "New {{now}}"\n',
  });
  const GOOD = '    create: createThing\n    created_route: thing\n    update: updateThing\n    prefill: { name: things.new_name }';

  it('carry the paths, the created route and the prefill; a record screen edits with the form', async () => {
    const model = modelOf(given(GOOD, '    edit: { form: thing_form, guard: { admin: true } }'));
    expect(model.screens.find((screen) => screen.name === 'thing_form')).toMatchObject({
      create: { operation: 'createThing', route: 'thing' },
      update: 'updateThing',
      prefill: { name: 'things.new_name' },
    });
    const { emitForms, emitScreens, emitRegistry } = await import('../emit/runtimeCode');
    expect(emitForms(model)).toMatch(/"create": \{\s+"path": "\/things",\s+"route": "thing"\s+\},\s+"update": \{\s+"path": "\/things\/\{id\}"\s+\},\s+"prefill"/);
    expect(emitScreens(model)).toMatch(/"edit": \{\s+"form": "thing_form",\s+"guard": \{\s+"admin": true/);
    expect(emitRegistry(model)).toContain('<module.GenericCreateScreen name="thing_form" />');
  });

  it.each([
    ['a create that is no generic create', '    create: updateThing\n    created_route: thing', '', '"updateThing" is not a generic create of "thing"'],
    ['a create without its route', '    create: createThing', '', 'create and created_route go together'],
    ['a created route without :id', '    create: createThing\n    created_route: things_new', '', 'route "things_new" does not take an :id'],
    ['a prefill of no field', '    prefill: { state: things.x }', '', '"state" is not one of the form\'s fields'],
    ['a prefill of no message', '    prefill: { name: things.x }', '', 'unknown message "things.x"'],
    ['an edit form without update', '    create: createThing\n    created_route: thing', '    edit: { form: thing_form, guard: { admin: true } }', '"thing_form" is not a form screen with an update'],
  ])('refuse %s', (_name, form, record, message) => {
    expect(errorOf(given(form, record))).toContain(message);
  });
});
