import { describe, expect, it } from 'vitest';
import { modelErrorOf } from '../testing/fragments';
import { THINGS_ACTIONS, THING_SCREEN, screens, given } from '../testing/actionFixtures';

// Actions, toggles and tabs (generator/model/actions.test.ts): a bad spec names every problem,
// with file, line and path.

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
