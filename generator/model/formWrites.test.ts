import { describe, expect, it } from 'vitest';
import { modelErrorOf, modelOf } from '../testing/fragments';
import { operations, files } from '../testing/writeFixtures';

// Form screens saving through generic create and update (writes.test.ts), and forms starting from
// a record, with a title, required and guarded fields.

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
