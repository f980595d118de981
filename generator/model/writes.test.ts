import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../emit/openapi';
import { emitServerOperations } from '../emit/serverCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

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
  '      owner: { type: ref, to: organisation, nullable: true }',
  '      made_by: { type: ref, to: user, nullable: true }',
  '      made_at: { type: timestamp, nullable: true }',
  '      secret: { type: string, max: 20, nullable: true, private: true }',
  '  other:',
  '    table: others',
  '    fields:',
  '      id: { type: id }',
  '      code: { type: string, max: 10, required: true, unique: true }',
  '      label: { type: string, max: 10, nullable: true }',
  '      rank: { type: integer, nullable: true, unique: true }',
  '  organisation:',
  '    table: organisations',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 45, required: true }',
  '  user:',
  '    table: users',
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

const operations = (
  create = '    generic: { create: thing, schema: ThingInput, requires: { sub_kind: kind } }',
  createExtra = '    method: post\n    path: /things\n    status: 201\n    response: Thing',
) =>
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
    expect(code).toMatch(
      /"write": \{\s+"fields": \[\s+"name",\s+"kind",\s+"sub_kind",\s+"state"\s+\],\s+"requires": \{\s+"sub_kind": "kind"\s+\}/,
    );
    expect(code).toMatch(/"kind": "update",[\s\S]*"requires": \{\}/);
    const openapi = buildOpenApi(model) as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(openapi.paths['/things']!['post']!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } },
    });
    expect(openapi.paths['/things/{id}']!['put']!.requestBody).toBeDefined();
    expect(Object.keys((openapi.paths['/things']!['post'] as unknown as { responses: object }).responses)).toContain('409');
  });

  it('keep a scoped record in scope', () => {
    const create = '    generic: { create: thing, schema: ThingInput, scope: { tree: owner } }';
    const code = emitServerOperations(modelOf(files(operations(create))));
    expect(code).toMatch(/"scope": \{\s+"kind": "tree",\s+"field": "owner"\s+\}/);
  });

  it('emit the fields whose value must name another entity’s row', () => {
    const create = '    generic: { create: thing, schema: ThingInput, lookup: { kind: other.code } }';
    const code = emitServerOperations(modelOf(files(operations(create))));
    expect(code).toMatch(/"lookup": \{\s+"kind": \{\s+"entity": "other",\s+"field": "code"\s+\}\s+\}/);
    expect(emitServerOperations(modelOf(files(operations())))).not.toContain('"lookup"');
    const responses = (model: ReturnType<typeof modelOf>) =>
      Object.keys(
        (buildOpenApi(model) as unknown as { paths: Record<string, Record<string, { responses: object }>> }).paths['/things']!['post']!
          .responses,
      );
    expect(responses(modelOf(files(operations(create))))).toContain('422');
    expect(responses(modelOf(files(operations())))).not.toContain('422');
  });

  it.each([
    [
      'a create that is no post',
      operations(undefined, '    method: put\n    path: /things\n    response: Thing'),
      'a generic create is a post without path parameters',
    ],
    [
      'a body other than the schema',
      operations('    body: Thing\n    generic: { create: thing, schema: ThingInput }'),
      'the body of a generic create is its schema "ThingInput"',
    ],
    [
      'a response of another entity',
      operations(undefined, '    method: post\n    path: /things\n    response: Other'),
      'a generic create answers a schema of entity "thing"',
    ],
    [
      'a schema of another entity',
      operations('    generic: { create: thing, schema: Other }'),
      'schema "Other" must be from entity "thing"',
    ],
    [
      'requires naming no field',
      operations('    generic: { create: thing, schema: ThingInput, requires: { sub_kind: nope } }'),
      'entity "thing" has no field "nope"',
    ],
    [
      'a scope of no organisation ref',
      operations('    generic: { create: thing, schema: ThingInput, scope: { tree: kind } }'),
      'a tree scope names a ref to organisation, or self',
    ],
    [
      'lookup on a list',
      operations(undefined, '    method: post\n    path: /things\n    status: 201\n    response: Thing').replace(
        'generic: { create: thing, schema: ThingInput, requires: { sub_kind: kind } }',
        'generic: { list: thing, schema: Thing, sort: [name], default_sort: "+name", lookup: { kind: other.code } }',
      ),
      'requires and lookup are for create and update',
    ],
    // The vocabulary review (docs/spec-design.md) removed `set`: nothing in spec/ used it.
    ['set, no longer a key', operations('    generic: { create: thing, schema: ThingInput, set: { made_at: now } }'), 'unknown key "set"'],
    [
      'lookup on a get',
      operations().replace(
        'generic: { update: thing, schema: ThingInput }',
        'generic: { get: thing, schema: Thing, lookup: { kind: other.code } }',
      ),
      'requires and lookup are for create and update',
    ],
    [
      'lookup of a field the body does not send',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { made_by: other.code } }'),
      '"made_by" is not in the body schema "ThingInput"',
    ],
    [
      'lookup in an unknown entity',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: nothing.code } }'),
      'unknown entity "nothing"',
    ],
    [
      'lookup by a field that is not unique',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other.label } }'),
      '"other.label" is not a unique text field',
    ],
    [
      'lookup by a field that is not text',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other.rank } }'),
      '"other.rank" is not a unique text field',
    ],
    [
      'lookup of a field that is not text',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { state: other.code } }'),
      '"state" is not text and cannot name a row',
    ],
    [
      'lookup without an entity and field',
      operations('    generic: { create: thing, schema: ThingInput, lookup: { kind: other } }'),
      'lookup',
    ],
  ])('refuse %s', (_name, ops, message) => {
    expect(modelErrorOf(files(ops))).toContain(message);
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
  const routes =
    'routes:\n  - { name: thing, path: /things/:id, screen: thing }\n  - { name: things_new, path: /things/new, screen: thing_form }\n';
  const get =
    '  getThing:\n    method: get\n    path: /things/{id}\n    auth: session\n    generic: { get: thing, schema: Thing }\n    response: Thing\n';
  const given = (form: string, record = '') => ({
    ...files(`${operations()}${get}`),
    'screens/a.yaml': screens(form, record),
    'routes.yaml': routes,
    'messages/en.yaml':
      'messages:\n  crumb.home: Home\n  record.definition: Definition\n  things.name: Name\n  things.kind: Kind\n  things.new_name: "New {{now}}"\n',
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
    expect(emitForms(model)).toMatch(
      /"create": \{\s+"path": "\/things",\s+"route": "thing"\s+\},\s+"update": \{\s+"path": "\/things\/\{id\}",\s+"etagFrom": "\/things\/\{id\}"\s+\},\s+"prefill"/,
    );
    expect(emitScreens(model)).toMatch(/"edit": \{\s+"form": "thing_form",\s+"guard": \{\s+"admin": true/);
    expect(emitRegistry(model)).toContain('<module.GenericCreateScreen name="thing_form" />');
  });

  it('save through a hand-written create whose body is of the entity, and choose organisations with options', async () => {
    const handWritten = given('    create: makeThing\n    created_route: thing\n    widgets: { kind: textarea }');
    handWritten['api/a.yaml'] +=
      '  makeThing:\n    method: post\n    path: /things/make\n    auth: session\n    status: 201\n    body: ThingInput\n    handler: things#make\n    response: Thing\n';
    expect(modelOf(handWritten).screens.find((screen) => screen.name === 'thing_form')).toMatchObject({
      create: { operation: 'makeThing' },
    });
    const owned = given('    widgets: { owner: { widget: organisation, where: { is_linked: true } } }');
    owned['screens/a.yaml'] = owned['screens/a.yaml']!.replace('fields: [name, kind]', 'fields: [name, owner]');
    owned['messages/en.yaml'] += '  things.owner: Owner\n';
    // A form without create has no route of its own to create on.
    owned['routes.yaml'] = 'routes:\n  - { name: thing, path: /things/:id, screen: thing }\n';
    const { emitForms } = await import('../emit/runtimeCode');
    expect(emitForms(modelOf(owned))).toMatch(
      /"owner": \{\s+"ui:widget": "organisation",\s+"ui:options": \{\s+"where": \{\s+"is_linked": true/,
    );
  });

  it.each([
    [
      'a create that is no generic create',
      '    create: updateThing\n    created_route: thing',
      '',
      '"updateThing" is not a create of "thing"',
    ],
    ['a create without its route', '    create: createThing', '', 'create and created_route go together'],
    [
      'a created route without :id',
      '    create: createThing\n    created_route: things_new',
      '',
      'route "things_new" does not take an :id',
    ],
    ['a prefill of no field', '    prefill: { state: things.x }', '', '"state" is not one of the form\'s fields'],
    [
      'a prefill of no message',
      '    create: createThing\n    created_route: thing\n    prefill: { name: things.x }',
      '',
      'unknown message "things.x"',
    ],
    [
      'an organisation widget on text',
      '    widgets: { kind: organisation }',
      '',
      'the organisation widget is for a ref to organisation, not "kind"',
    ],
    [
      'a user timeout widget off a user',
      '    widgets: { kind: user_timeout }',
      '',
      'the user_timeout widget is for a user\'s timeout, not "kind"',
    ],
    [
      'an edit form without update',
      '    create: createThing\n    created_route: thing',
      '    edit: { form: thing_form, guard: { admin: true } }',
      '"thing_form" is not a form screen with an update',
    ],
  ])('refuse %s', (_name, form, record, message) => {
    expect(modelErrorOf(given(form, record))).toContain(message);
  });
});

describe('write-only fields', () => {
  const secretInput = '  SecretInput: { input: true, from: thing, fields: [name, secret] }\n';
  const withSecret = (ops: string) => ({ 'entities/a.yaml': ENTITIES, 'api/a.yaml': `${SCHEMAS}${secretInput}${ops}` });
  const make = (response: string) =>
    `operations:\n  makeThing:\n    method: post\n    path: /things\n    auth: session\n    status: 201\n    body: SecretInput\n    handler: things#make\n    response: ${response}\n`;

  it('travel in an input schema (a feed password), never in an answer', () => {
    const model = modelOf(withSecret(make('Thing')));
    expect(model.schemas.find((schema) => schema.name === 'SecretInput')!.properties.map((property) => property.name)).toEqual([
      'name',
      'secret',
    ]);
    expect(modelErrorOf(withSecret(make('SecretInput')))).toContain(
      'operations.makeThing.response: "SecretInput" carries a private field and cannot be an answer',
    );
    expect(modelErrorOf(withSecret(make('{ array: SecretInput }')))).toContain(
      '"SecretInput" carries a private field and cannot be an answer',
    );
    const exposed = withSecret(make('Thing'));
    exposed['api/a.yaml'] = exposed['api/a.yaml']!.replace('fields: [id, name, kind, sub_kind, state] }', 'fields: [id, name, secret] }');
    expect(modelErrorOf(exposed)).toContain('field "secret" is private and cannot travel over the API');
  });
});

describe('forms starting from a record, with a title, required and guarded fields', () => {
  const copy =
    '  copyThing:\n    method: post\n    path: /things/{id}/copy\n    auth: session\n    status: 201\n    body: ThingInput\n    handler: things#copy\n    response: Thing\n';
  const get =
    '  getThing:\n    method: get\n    path: /things/{id}\n    auth: session\n    generic: { get: thing, schema: Thing }\n    response: Thing\n';
  const FORM = [
    '    title: things.copying',
    '    required: [kind]',
    '    guards: { kind: { admin: true } }',
    '    prefill_from: getThing',
    '    prefill: { name: things.copy_name }',
    '    create: copyThing',
    '    created_route: thing',
  ].join('\n');
  const given = (form: string, route = '/things/:id/copy') => ({
    ...files(`${operations()}${get}${copy}`),
    'screens/a.yaml': [
      'screens:',
      '  thing_copy:',
      '    form: thing',
      '    labels: things',
      '    fields: [name, kind]',
      form,
      '  thing:',
      '    record: getThing',
      '',
    ].join('\n'),
    'routes.yaml': `routes:\n  - { name: thing, path: /things/:id, screen: thing }\n  - { name: thing_copy, path: ${route}, screen: thing_copy }\n`,
    'messages/en.yaml':
      'messages:\n  crumb.home: Home\n  things.name: Name\n  things.kind: Kind\n  things.copying: Copying\n  things.copy_name: "Copy of {{name}}"\n',
  });

  it('carry them to the model and the runtime: the record path, a required field without null, the guards', async () => {
    const model = modelOf(given(FORM));
    expect(model.screens.find((screen) => screen.name === 'thing_copy')).toMatchObject({
      title: 'things.copying',
      required: ['kind'],
      guards: { kind: { admin: true } },
      prefillFrom: 'getThing',
      create: { operation: 'copyThing', route: 'thing' },
    });
    const { emitForms } = await import('../emit/runtimeCode');
    const code = emitForms(model);
    expect(code).toMatch(/"required": \[\s+"name",\s+"kind"\s+\]/);
    expect(code).toMatch(/"kind": \{\s+"title": "things.kind",\s+"type": "string",/);
    expect(code).toMatch(/"title": "things.copying",\s+"create": \{\s+"path": "\/things\/\{id\}\/copy",\s+"route": "thing"\s+\}/);
    expect(code).toMatch(/"prefillFrom": \{\s+"path": "\/things\/\{id\}"\s+\},\s+"guards": \{\s+"kind": \{\s+"admin": true/);
  });

  it.each([
    [
      'a prefill_from that is no get by id',
      FORM.replace('prefill_from: getThing', 'prefill_from: updateThing'),
      '/things/:id/copy',
      'screens.thing_copy.prefill_from: "updateThing" is not a get by {id} answering a schema of "thing"',
    ],
    ['a route without :id', FORM, '/things/copy', 'screens.thing_copy.prefill_from: route "thing_copy" shows this form but takes no :id'],
    [
      'a create under :id from a route without one',
      FORM.replace('    prefill_from: getThing\n', '').replace('    prefill: { name: things.copy_name }\n', ''),
      '/things/copy',
      'screens.thing_copy.create: route "thing_copy" shows this form but takes no :id',
    ],
    [
      'a required field not in the form',
      FORM.replace('required: [kind]', 'required: [state]'),
      '/things/:id/copy',
      'screens.thing_copy.required.0: "state" is not one of the form\'s fields',
    ],
    [
      'a guard of a field not in the form',
      FORM.replace('guards: { kind:', 'guards: { state:'),
      '/things/:id/copy',
      'screens.thing_copy.guards.state: "state" is not one of the form\'s fields',
    ],
    [
      'a guard of an unknown permission',
      FORM.replace('{ admin: true }', '{ permission: "thing:nope" }'),
      '/things/:id/copy',
      'unknown permission "thing:nope"',
    ],
    [
      'a title of no message',
      FORM.replace('things.copying', 'things.nope'),
      '/things/:id/copy',
      'screens.thing_copy.title: unknown message "things.nope"',
    ],
  ])('refuse %s', (_name, form, route, message) => {
    expect(modelErrorOf(given(form, route))).toContain(message);
  });
});

describe('problem codes of an operation', () => {
  const given = (problems: string) => ({
    'entities/a.yaml': ENTITIES,
    'api/a.yaml': `${SCHEMAS}operations:\n  makeThing:\n    method: post\n    path: /things\n    auth: session\n    status: 201\n    body: ThingInput\n    handler: things#make\n    response: Thing\n${problems}`,
    'messages/en.yaml': 'messages:\n  problem.forbidden: Forbidden\n  problem.outside_scope: Outside\n  problem.thing_full: Full\n',
  });

  it('document them in the OpenAPI responses, beside the usual meaning of a status', () => {
    const openapi = buildOpenApi(
      modelOf(
        given(
          '    problems: { 403: [forbidden], 409: [thing_full], 422: [outside_scope, thing_full] }\n    gate_when: { when: "a full thing", guard: { admin: true } }\n',
        ),
      ),
    ) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    const responses = openapi.paths['/things']!['post']!.responses;
    expect(responses['403']!.description).toBe(
      'Forbidden: the caller lacks an organisation admin for a full thing (forbidden); or the call has no CSRF token or comes from another site (csrf); also forbidden',
    );
    expect(responses['403']).toMatchObject({ 'x-problem-codes': ['forbidden'] });
    expect(responses['409']!.description).toBe('Problem codes: thing_full');
    expect(responses['422']!.description).toBe('Problem codes: outside_scope, thing_full');
  });

  it.each([
    [
      'a code of no catalogue message',
      '    problems: { 422: [nope] }\n',
      'operations.makeThing.problems.422.0: unknown problem "nope" (no message problem.nope)',
    ],
    [
      'a 403 forbidden of no declared gate (issue 22)',
      '    problems: { 403: [forbidden] }\n',
      'operations.makeThing.problems.403: a handler answering 403 forbidden declares the gate it applies',
    ],
    ['a status that is no client error', '    problems: { 500: [thing_full] }\n', 'operations.makeThing.problems'],
  ])('refuse %s', (_name, problems, message) => {
    expect(modelErrorOf(given(problems))).toContain(message);
  });
});
