import { describe, expect, it } from 'vitest';
import { emitForms, emitScreens } from '../emit/runtimeCode';
import { emitSlots, slotComponents } from '../emit/slotRegistry';
import { modelErrorOf, modelOf } from '../testing/fragments';
import type { FormScreen, ListScreen, RecordScreen } from './types';

// Actions of list rows, record screens and record tab rows (spec `actions`), the checkbox toggles
// of record tabs, component slots below screen level, and the alerts of forms.

const ENTITIES = [
  'entities:',
  '  organisation:',
  '    table: organisations',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 50, required: true }',
  '  thing:',
  '    table: things',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 50, required: true }',
  '      active: { type: boolean, default: true }',
  '      kind: { type: enum, enum: kind, nullable: true }',
  '  part:',
  '    table: parts',
  '    fields:',
  '      id: { type: id }',
  '      name: { type: string, max: 50, required: true }',
  '  thing_part:',
  '    table: thing_parts',
  '    fields:',
  '      id: { type: id }',
  '      thing: { type: ref, to: thing, required: true }',
  '      part: { type: ref, to: part, required: true }',
  'enums:',
  '  kind: [BASE, ADD_ON]',
  '',
].join('\n');

const op = (id: string, method: string, path: string, extra = '') =>
  `  ${id}: { method: ${method}, path: "${path}", auth: session, response: none, handler: things/handlers#${id}${extra} }`;

const API = [
  'schemas:',
  '  Organisation: { from: organisation, fields: [id, name] }',
  '  Thing: { from: thing, fields: [id, name, active, kind] }',
  '  PartRef: { from: part, fields: [id, name] }',
  '  ThingPart:',
  '    from: thing_part',
  '    fields: [id]',
  '    add:',
  '      part: { schema: PartRef, via: part, required: true }',
  '  Candidate:',
  '    from: part',
  '    fields: [id, name]',
  '    add:',
  '      in_thing: { type: boolean, required: true }',
  '  Rename:',
  '    input: true',
  '    add:',
  '      name: { type: string, max: 40, required: true }',
  '  Note:',
  '    input: true',
  '    add:',
  '      note: { type: string, max: 255 }',
  '  ThingInput: { input: true, from: thing, fields: [name] }',
  '  PartLink:',
  '    input: true',
  '    add:',
  '      part: { type: integer, min: 1, required: true }',
  'operations:',
  '  listOrganisations: { method: get, path: /organisations, auth: session, paged: { per_page_max: 96, per_page_default: 24 }, generic: { list: organisation, schema: Organisation, sort: [name], default_sort: "+name" }, response: { array: Organisation } }',
  '  getOrganisation: { method: get, path: "/organisations/{id}", auth: session, generic: { get: organisation, schema: Organisation }, response: Organisation }',
  '  listThings: { method: get, path: /things, auth: session, paged: { per_page_max: 96, per_page_default: 24 }, generic: { list: thing, schema: Thing, sort: [name], default_sort: "+name" }, response: { array: Thing } }',
  '  getThing: { method: get, path: "/things/{id}", auth: session, permission: "thing:view", generic: { get: thing, schema: Thing }, response: Thing }',
  '  listThingParts: { method: get, path: "/things/{id}/parts", auth: session, generic: { children: thing_part, of: getThing, via: thing, schema: ThingPart }, response: { array: ThingPart } }',
  '  listThingCandidates: { method: get, path: "/things/{id}/candidates", auth: session, guard: { admin: true }, response: { array: Candidate }, handler: things/handlers#candidates }',
  op('disableThing', 'post', '/things/{id}/disable', ', permission: "thing:modify", guard: { root: true }'),
  op('deleteThing', 'delete', '/things/{id}', ', permission: "thing:modify"'),
  op('renameThing', 'post', '/things/{id}/rename', ', body: Rename'),
  op('noteThing', 'post', '/things/{id}/note', ', body: Note'),
  op('addPart', 'post', '/things/{id}/parts', ', body: PartLink, guard: { admin: true }'),
  op('removePart', 'delete', '/things/{id}/parts/{part}', ', guard: { admin: true }'),
  op('enableOrganisation', 'post', '/organisations/{id}/enable'),
  op('createThing', 'post', '/things'),
  '  updateThing: { method: put, path: "/things/{id}", auth: session, body: ThingInput, response: Thing, handler: things/handlers#updateThing }',
  op('peekThing', 'get', '/things/{id}/peek'),
  '',
].join('\n');

const MESSAGES = [
  'messages:',
  '  crumb.home: Home',
  '  t.name: Name',
  '  t.disable: Disable',
  '  t.delete: Delete',
  '  t.sure: "Disable {{name}}?"',
  '  t.odd: "Disable {{colour}}?"',
  '  t.done: "{{name}} done"',
  '  t.failed: "{{name}} failed"',
  '  t.note: Note',
  '  t.parts: Parts',
  '  t.candidates: Candidates',
  '  t.extra: Extra',
  '  record.definition: Definition',
  '',
].join('\n');

const ROUTES = [
  'permissions:',
  '  - { name: "thing:view" }',
  '  - { name: "thing:modify" }',
  'routes:',
  '  - { name: things, path: /things, screen: things }',
  '  - { name: thing, path: "/things/:id", screen: thing }',
  '  - { name: organisations, path: /organisations, screen: organisations }',
  '',
].join('\n');

const THINGS_ACTIONS = [
  '    actions:',
  '      - name: disable',
  '        operation: disableThing',
  '        label: t.disable',
  '        when: { active: true }',
  '        guard: { admin: true }',
  '        confirm: t.sure',
  '        success: t.done',
  '        failure: t.failed',
  '      - { name: open, label: t.name, route: thing }',
  '      - { name: extra, component: things/ExtraButton#ExtraButton }',
  '',
].join('\n');

const THING_SCREEN = [
  '  thing:',
  '    record: getThing',
  '    actions:',
  '      - { name: delete, operation: deleteThing, label: t.delete, confirm: t.sure, success: t.done, failure: t.failed, then: { route: things } }',
  '      - name: note',
  '        operation: noteThing',
  '        label: t.note',
  '        confirm: { text: t.sure, input: { field: note, label: t.note, max: 200 } }',
  '        success: t.done',
  '        failure: t.failed',
  '    tabs:',
  '      - list: listThingParts',
  '        label: t.parts',
  '        columns: [{ field: part, label: t.name }]',
  '        actions:',
  '          - { name: remove, operation: removePart, params: { part: part.id }, label: t.delete, success: t.done, failure: t.failed }',
  '      - list: listThingCandidates',
  '        label: t.candidates',
  '        when: { kind: BASE }',
  '        columns:',
  '          - { field: name, label: t.name }',
  '          - { field: in_thing, label: t.name, toggle: { on: addPart, off: removePart, body: { part: id }, params: { part: id }, success: t.done, failure: t.failed } }',
  '          - { name: extra, label: t.extra, component: things/ExtraCell#ExtraCell }',
  '      - { component: things/ThingEditor#ThingEditor, label: t.extra, success: t.done, failure: t.failed }',
  '',
].join('\n');

const screens = (thingsActions = THINGS_ACTIONS, thing = THING_SCREEN, more = '') =>
  [
    'screens:',
    '  things:',
    '    list: listThings',
    '    columns: [{ field: name, label: t.name }]',
    thingsActions,
    thing,
    '  organisations:',
    '    list: listOrganisations',
    '    columns: [{ field: name, label: t.name }]',
    '    actions:',
    '      - { name: enable, operation: enableOrganisation, label: t.disable, when_not_self: true, success: t.done, failure: t.failed }',
    more,
  ].join('\n');

const given = (screensYaml = screens(), extra: Record<string, string> = {}) => ({
  'entities.yaml': ENTITIES,
  'api.yaml': API,
  'messages/en.yaml': MESSAGES,
  'routes.yaml': ROUTES,
  'screens.yaml': screensYaml,
  ...extra,
});

describe('actions → model', () => {
  const model = modelOf(given());
  const things = model.screens.find((screen) => screen.name === 'things') as ListScreen;
  const thing = model.screens.find((screen) => screen.name === 'thing') as RecordScreen;

  it("fills a row action's {id} with the row's id, and adds its operation's permission and guard to its own", () => {
    expect(things.actions[0]).toEqual({
      name: 'disable',
      label: 't.disable',
      guards: [{ admin: true }, { permission: 'thing:modify' }, { root: true }],
      when: { active: true },
      call: {
        operation: 'disableThing',
        method: 'post',
        path: '/things/{id}/disable',
        params: { id: { from: 'row', field: 'id' } },
        body: false,
      },
      confirm: { text: 't.sure' },
      success: 't.done',
      failure: 't.failed',
    });
  });

  it('keeps route and component actions', () => {
    expect(things.actions[1]).toEqual({ name: 'open', label: 't.name', guards: [], route: 'thing' });
    expect(things.actions[2]).toEqual({ name: 'extra', guards: [], component: 'things/ExtraButton#ExtraButton' });
  });

  it("fills a record action's {id} with the record's, with a then route and a confirmation input sent in the body", () => {
    expect(thing.actions[0]).toMatchObject({
      call: { method: 'delete', path: '/things/{id}', params: { id: { from: 'record' } }, body: false },
      then: { route: 'things' },
    });
    expect(thing.actions[1]).toMatchObject({
      call: { path: '/things/{id}/note', body: true },
      confirm: { text: 't.sure', input: { field: 'note', label: 't.note', max: 200 } },
    });
  });

  it('keeps a then that asks who is signed in again, and a guard against acting while emulating', () => {
    const reloading = modelOf(
      given(
        screens(
          [
            '    actions:',
            '      - { name: become, operation: disableThing, label: t.disable, guard: { emulating: false }, success: t.done, failure: t.failed,',
            '          then: { route: things, reload_user: true } }',
          ].join('\n'),
        ),
      ),
    );
    const action = (reloading.screens.find((screen) => screen.name === 'things') as ListScreen).actions[0];
    expect(action).toMatchObject({ then: { route: 'things', reloadUser: true } });
    expect(action?.guards[0]).toEqual({ emulating: false });
  });

  it("fills a tab row action's {id} with the record's when it lies under it, and other parameters from the row", () => {
    expect(thing.tabs[0]!.actions[0]!.call).toEqual({
      operation: 'removePart',
      method: 'delete',
      path: '/things/{id}/parts/{part}',
      params: { id: { from: 'record' }, part: { from: 'row', field: 'part.id' } },
      body: false,
    });
  });

  it('builds a toggle from its two operations, with the guards of both', () => {
    expect(thing.tabs[1]!.columns[1]!.toggle).toEqual({
      on: { operation: 'addPart', method: 'post', path: '/things/{id}/parts', params: { id: { from: 'record' } }, body: true },
      off: {
        operation: 'removePart',
        method: 'delete',
        path: '/things/{id}/parts/{part}',
        params: { id: { from: 'record' }, part: { from: 'row', field: 'id' } },
        body: false,
      },
      body: { part: 'id' },
      guards: [{ admin: true }],
      success: 't.done',
      failure: 't.failed',
    });
  });

  it("keeps a tab's record condition, its list's guard, component tabs and cells", () => {
    expect(thing.tabs[1]).toMatchObject({ operation: 'listThingCandidates', when: { kind: 'BASE' }, guard: { admin: true } });
    expect(thing.tabs[1]!.columns[2]).toEqual({
      field: 'extra',
      label: 't.extra',
      format: 'text',
      sortable: false,
      component: 'things/ExtraCell#ExtraCell',
    });
    expect(thing.tabs[2]).toEqual({
      label: 't.extra',
      component: 'things/ThingEditor#ThingEditor',
      columns: [],
      actions: [],
      success: 't.done',
      failure: 't.failed',
    });
  });

  it("hides an action on the caller's own organisation", () => {
    const organisations = model.screens.find((screen) => screen.name === 'organisations') as ListScreen;
    expect(organisations.actions[0]).toMatchObject({ notSelf: 'organisation' });
  });

  it('emits each action with its method and path, and tabs with their component, condition and actions', () => {
    const code = emitScreens(model).replace(/\s+/g, ' ');
    expect(code).toContain('"method": "post", "path": "/things/{id}/disable", "params": { "id": { "from": "row", "field": "id" } }');
    expect(code).toContain('"component": "things/ThingEditor#ThingEditor"');
    expect(code).toContain('"guard": { "admin": true }, "when": { "kind": "BASE" }');
  });

  it('emits a slot registry typed by each slot, and names where each component is used', () => {
    const code = emitSlots(model);
    expect(code).toContain(
      `"things/ThingEditor#ThingEditor": lazy<ComponentType<TabSlotProps>>(() => import('../../screens/things/ThingEditor').then((module) => ({ default: module.ThingEditor }))),`,
    );
    expect(code).toContain(`"things/ExtraCell#ExtraCell": lazy<ComponentType<CellSlotProps>>(`);
    expect(code).toContain(`"things/ExtraButton#ExtraButton": lazy<ComponentType<ActionSlotProps>>(`);
    expect(slotComponents(model).map((use) => use.where)).toEqual([
      'screen "things" action "extra"',
      'screen "thing" tab 2 column "extra"',
      'screen "thing" tab 3',
    ]);
  });
});

describe('form alerts → model', () => {
  const form = [
    '  thing_form:',
    '    form: thing',
    '    labels: t',
    '    fields: [name]',
    '    update: updateThing',
    '    success: t.done',
    '    failure: t.failed',
    '',
  ].join('\n');

  it('keeps success and failure and emits them with the form', () => {
    const model = modelOf(given(screens(THINGS_ACTIONS, THING_SCREEN, form)));
    expect(model.screens.find((screen) => screen.name === 'thing_form') as FormScreen).toMatchObject({
      success: 't.done',
      failure: 't.failed',
    });
    expect(emitForms(model)).toContain('"success": "t.done",\n    "failure": "t.failed"');
  });

  it('emits with an update the get whose ETag its If-Match is compared with', () => {
    const model = modelOf(given(screens(THINGS_ACTIONS, THING_SCREEN, form)));
    expect(emitForms(model)).toContain('"update": {\n      "path": "/things/{id}",\n      "etagFrom": "/things/{id}"\n    }');
  });

  it("refuses a placeholder that is no field of the form's entity", () => {
    expect(modelErrorOf(given(screens(THINGS_ACTIONS, THING_SCREEN, form.replace('success: t.done', 'success: t.odd'))))).toBe(
      'screens.yaml:52: screens.thing_form.success: message "t.odd" names {{colour}}, which the form has not',
    );
  });
});

/** The things list with one action replaced (indented as an item of `actions`). */
const withAction = (action: string) => given(screens(`    actions:\n${action}\n`));
/** The thing record with its actions replaced. */
const withRecordAction = (action: string) =>
  given(screens(THINGS_ACTIONS, THING_SCREEN.replace(/ {4}actions:\n[\s\S]*? {4}tabs:\n/, `    actions:\n${action}\n    tabs:\n`)));

describe('actions: a bad spec names every problem, with file, line and path', () => {
  it.each<{ name: string; spec: Record<string, string>; want: string }>([
    {
      name: 'an unknown operation',
      spec: withAction('      - { name: a, operation: nothing, label: t.name, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.operation: unknown operation "nothing"',
    },
    {
      name: 'a GET',
      spec: withAction('      - { name: a, operation: peekThing, label: t.name, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.operation: "peekThing" is a GET; an action writes',
    },
    {
      name: 'a path under no get of the row',
      spec: withAction('      - { name: a, operation: enableOrganisation, label: t.name, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.operation: the path /organisations/{id}/enable of "enableOrganisation" does not lie under /things/{id}',
    },
    {
      name: 'a path without {id}',
      spec: withAction('      - { name: a, operation: createThing, label: t.name, success: t.done, failure: t.failed }'),
      want: 'the path /things of "createThing" has no {id} of the record or row',
    },
    {
      name: 'a parameter nothing fills',
      spec: withAction('      - { name: a, operation: removePart, label: t.name, success: t.done, failure: t.failed }'),
      want: '"removePart" takes {part}: name the property that fills it in params',
    },
    {
      name: 'params naming a property the row lacks',
      spec: withAction(
        '      - { name: a, operation: removePart, params: { part: colour }, label: t.name, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.params.part: schema "Thing" has no property "colour"',
    },
    {
      name: 'an unknown label',
      spec: withAction('      - { name: a, operation: deleteThing, label: t.nothing, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.label: unknown message "t.nothing"',
    },
    {
      name: 'a confirmation naming a property the row lacks',
      spec: withAction('      - { name: a, operation: deleteThing, label: t.name, confirm: t.odd, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.confirm: message "t.odd" names {{colour}}, which schema "Thing" has not',
    },
    {
      name: 'an unknown success message',
      spec: withAction('      - { name: a, operation: deleteThing, label: t.name, success: t.gone, failure: t.failed }'),
      want: 'screens.things.actions.0.success: unknown message "t.gone"',
    },
    {
      name: 'a then route taking a parameter',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, success: t.done, failure: t.failed, then: { route: thing } }',
      ),
      want: 'screens.things.actions.0.then.route: route "thing" takes :id, which an action cannot give',
    },
    {
      name: 'an unknown then route',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, success: t.done, failure: t.failed, then: { route: nowhere } }',
      ),
      want: 'screens.things.actions.0.then.route: unknown route "nowhere"',
    },
    {
      name: 'a condition on a property the row lacks',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, when: { colour: red }, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.when.colour: schema "Thing" has no property "colour"',
    },
    {
      name: 'when_not_self on rows that are neither users nor organisations',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, when_not_self: true, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.when_not_self: schema "Thing" shows neither users nor organisations',
    },
    {
      name: 'grant_reaches naming no organisation of the rows',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, grant_reaches: name, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.grant_reaches: "name" is not an organisation of schema "Thing"',
    },
    {
      name: 'an unknown permission in the guard',
      spec: withAction(
        '      - { name: a, operation: deleteThing, label: t.name, guard: { permission: "x:y" }, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.guard.permission: unknown permission "x:y"',
    },
    {
      name: 'a body property that is never sent',
      spec: withAction('      - { name: a, operation: renameThing, label: t.name, success: t.done, failure: t.failed }'),
      want: 'screens.things.actions.0.operation: "renameThing" needs "name" in its body, which is not sent',
    },
    {
      name: 'an input the body has not',
      spec: withAction(
        '      - { name: a, operation: noteThing, label: t.name, confirm: { text: t.sure, input: { field: memo, label: t.note } }, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.confirm.input.field: the body of "noteThing" has no text property "memo"',
    },
    {
      name: 'an input longer than its property',
      spec: withAction(
        '      - { name: a, operation: renameThing, label: t.name, confirm: { text: t.sure, input: { field: name, label: t.note, max: 99 } }, success: t.done, failure: t.failed }',
      ),
      want: 'screens.things.actions.0.confirm.input.max: "name" holds at most 40 characters',
    },
    {
      name: 'an action without its alerts',
      spec: withAction('      - { name: a, operation: deleteThing, label: t.name }'),
      want: "screens.things.actions.0: must have required property 'success'",
    },
    {
      name: 'a route action with a confirmation',
      spec: withAction('      - { name: a, route: thing, label: t.name, confirm: t.sure }'),
      want: 'screens.things.actions.0: must ',
    },
    {
      name: 'a route action to a route needing another parameter',
      spec: withAction('      - { name: a, route: things, label: t.name }\n      - { name: b, route: nowhere, label: t.name }'),
      want: 'screens.things.actions.1.route: unknown route "nowhere"',
    },
    {
      name: 'a name used twice',
      spec: withAction('      - { name: a, route: thing, label: t.name }\n      - { name: a, route: thing, label: t.name }'),
      want: 'screens.things.actions.1.name: action "a" is defined twice',
    },
    {
      name: 'a record action under another record',
      spec: withRecordAction('      - { name: a, operation: enableOrganisation, label: t.name, success: t.done, failure: t.failed }'),
      want: 'screens.thing.actions.0.operation: the path /organisations/{id}/enable of "enableOrganisation" does not lie under /things/{id}',
    },
  ])('$name', ({ spec, want }) => {
    expect(modelErrorOf(spec)).toContain(want);
  });

  it('refuses actions on a form screen, and success on a list', () => {
    const form = '  thing_form: { form: thing, labels: t, fields: [name], actions: [{ name: a, route: thing, label: t.name }] }\n';
    expect(modelErrorOf(given(screens(THINGS_ACTIONS, THING_SCREEN, form)))).toContain(
      'screens.thing_form.actions: actions belong to list and record screens',
    );
    expect(modelErrorOf(given(screens(`${THINGS_ACTIONS}    success: t.done\n`)))).toContain(
      'screens.things.success: success and failure belong to form screens',
    );
  });

  it('refuses a toggle over a property that is not boolean, or writing outside the record', () => {
    const bad = THING_SCREEN.replace(
      '{ field: in_thing, label: t.name, toggle: { on: addPart,',
      '{ field: name, label: t.name, toggle: { on: enableOrganisation,',
    );
    const error = modelErrorOf(given(screens(THINGS_ACTIONS, bad)));
    expect(error).toContain('screens.thing.tabs.1.columns.1.field: a toggle shows a boolean property of the row, and "name" is not one');
    expect(error).toContain(
      'screens.thing.tabs.1.columns.1.toggle.on: the path /organisations/{id}/enable of "enableOrganisation" does not lie under /things/{id}',
    );
  });

  it('refuses a toggle on a list screen', () => {
    const spec = given(
      screens().replace(
        '    columns: [{ field: name, label: t.name }]',
        '    columns: [{ field: active, label: t.name, toggle: { on: addPart, off: removePart, success: t.done, failure: t.failed } }]',
      ),
    );
    expect(modelErrorOf(spec)).toContain("screens.things.columns.0.toggle: toggle belongs to a record tab's columns");
  });

  it('refuses a tab condition on a property the record lacks, and a tab guard (a tab shows to whom its list lets in)', () => {
    expect(modelErrorOf(given(screens(THINGS_ACTIONS, THING_SCREEN.replace('when: { kind: BASE }', 'when: { colour: BASE }'))))).toContain(
      'screens.thing.tabs.1.when.colour: schema "Thing" has no property "colour"',
    );
    expect(modelErrorOf(given(screens(THINGS_ACTIONS, THING_SCREEN.replace('when: { kind: BASE }', 'guard: { admin: true }'))))).toContain(
      'unknown key "guard"',
    );
  });

  it('names every problem at once, one a line', () => {
    const actions = [
      '      - { name: a, operation: nothing, label: t.nothing, success: t.done, failure: t.failed }',
      '      - { name: b, operation: deleteThing, label: t.name, success: t.gone, failure: t.failed, then: { route: nowhere } }',
    ].join('\n');
    expect(modelErrorOf(withAction(actions)).split('\n')).toEqual([
      'screens.yaml:6: screens.things.actions.0.label: unknown message "t.nothing"',
      'screens.yaml:6: screens.things.actions.0.operation: unknown operation "nothing"',
      'screens.yaml:7: screens.things.actions.1.success: unknown message "t.gone"',
      'screens.yaml:7: screens.things.actions.1.then.route: unknown route "nowhere"',
    ]);
  });
});
