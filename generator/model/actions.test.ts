import { describe, expect, it } from 'vitest';
import { emitForms, emitScreens } from '../emit/runtimeCode';
import { emitSlots, slotComponents } from '../emit/slotRegistry';
import { modelErrorOf, modelOf } from '../testing/fragments';
import type { FormScreen, ListScreen, RecordScreen } from './types';
import { THINGS_ACTIONS, THING_SCREEN, screens, given } from '../testing/actionFixtures';

// Actions of list rows, record screens and record tab rows (spec `actions`), the checkbox toggles
// of record tabs, component slots below screen level, and the alerts of forms; the refusals of a
// bad spec are in actionErrors.test.ts.

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
