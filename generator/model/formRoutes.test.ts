import { describe, expect, it } from 'vitest';
import { emitForms, emitRegistry } from '../emit/runtimeCode';
import { modelErrorOf, modelOf } from '../testing/fragments';
import { queryParameters } from './queryParameters';

// Form screens on routes (a create; with :id, prefilled from that record), `clears`, and the
// generic filter match `set`.

const ENTITIES = [
  'enums:',
  '  state: [DRAFT, SENT]',
  'entities:',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 45, required: true }',
  '      kind: { type: string, max: 10, nullable: true }',
  '      note: { type: string, max: 10, nullable: true }',
  '      state: { type: enum, enum: state, default: DRAFT }',
  '',
].join('\n');

const API = [
  'schemas:',
  '  Thing: { from: thing, fields: [id, name, kind, note, state] }',
  '  ThingInput: { input: true, from: thing, fields: [name, kind, note] }',
  'operations:',
  '  createThing: { method: post, path: /things, status: 201, auth: session, generic: { create: thing, schema: ThingInput }, response: Thing }',
  '  updateThing: { method: put, path: "/things/{id}", auth: session, generic: { update: thing, schema: ThingInput }, response: Thing }',
  '  getThing: { method: get, path: "/things/{id}", auth: session, generic: { get: thing, schema: Thing }, response: Thing }',
  '  listThings:',
  '    method: get',
  '    path: /things',
  '    auth: session',
  '    paged: { per_page_max: 100, per_page_default: 10 }',
  '    generic: { list: thing, schema: Thing, sort: [name], default_sort: "+name", filters: { has_kind: { field: kind, match: set } } }',
  '    response: { array: Thing }',
  '',
].join('\n');

const FORM = [
  '    form: thing',
  '    labels: things',
  '    fields: [name, kind, note]',
  '    create: createThing',
  '    created_route: thing_edit',
  '    update: updateThing',
  '    clears: { kind: [note] }',
].join('\n');

const ROUTES = [
  'routes:',
  '  - { name: thing_new, path: /things/new, screen: thing_form }',
  '  - { name: thing_edit, path: "/things/:id/draft", screen: thing }',
  '  - { name: thing, path: "/things/:id", screen: thing }',
  '',
].join('\n');

const given = (form = FORM, routes = ROUTES) => ({
  'entities/a.yaml': ENTITIES,
  'api/a.yaml': API,
  'screens/a.yaml': `screens:\n  thing_form:\n${form}\n  thing:\n    record: getThing\n`,
  'routes.yaml': routes,
  'messages/en.yaml':
    'messages:\n  crumb.home: Home\n  record.definition: Definition\n  things.name: Name\n  things.kind: Kind\n  things.note: Note\n',
});

describe('a form on routes', () => {
  it('creates on a route without :id', () => {
    const model = modelOf(given());
    expect(model.screens.find((screen) => screen.name === 'thing_form')).toMatchObject({ clears: { kind: ['note'] } });
    const registry = emitRegistry(model);
    expect(registry).toMatch(/name: "thing_new",[^}]*GenericCreateScreen name="thing_form"/);
    expect(emitForms(model)).toMatch(/"clears": \{\s+"kind": \[\s+"note"\s+\]/);
  });

  it('refuses a route with :id showing a form that does not create from that record', () => {
    const routes = ROUTES.replace('screen: thing }', 'screen: thing_form }');
    expect(modelErrorOf(given(FORM, routes))).toContain('form "thing_form" needs create with prefill_from to take the record of :id');
  });

  it.each([
    [
      'clears of no form field',
      FORM.replace('clears: { kind: [note] }', 'clears: { state: [note] }'),
      '"state" is not one of the form\'s fields',
    ],
    [
      'clears emptying no form field',
      FORM.replace('clears: { kind: [note] }', 'clears: { kind: [state] }'),
      '"state" is not another of the form\'s fields',
    ],
    [
      'clears emptying the field itself',
      FORM.replace('clears: { kind: [note] }', 'clears: { kind: [kind] }'),
      '"kind" is not another of the form\'s fields',
    ],
    [
      'a create route of a form without create',
      FORM.replace('    create: createThing\n    created_route: thing_edit\n', ''),
      'form "thing_form" has no create for a route without :id',
    ],
  ])('refuses %s', (_name, form, message) => {
    expect(modelErrorOf(given(form))).toContain(message);
  });
});

describe('the filter match set', () => {
  it('asks with a boolean whether the field has a value', () => {
    const model = modelOf(given());
    const list = model.operations.find((operation) => operation.id === 'listThings')!;
    expect(queryParameters(model, list).find((property) => property.name === 'has_kind')).toMatchObject({
      type: { kind: 'scalar', scalar: { type: 'boolean' } },
      required: false,
    });
  });

  it('refuses a field that is never empty', () => {
    const files = given();
    files['api/a.yaml'] = files['api/a.yaml'].replace('has_kind: { field: kind, match: set }', 'has_name: { field: name, match: set }');
    expect(modelErrorOf(files)).toContain('"name" is never empty, so set has nothing to ask');
  });
});
