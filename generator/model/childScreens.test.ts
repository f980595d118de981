import { describe, expect, it } from 'vitest';
import { emitRegistry, emitScreens } from '../emit/runtimeCode';
import { modelErrorOf, modelOf } from '../testing/fragments';

// Child-list screens (`children:`, one child list of the route's record on its own page) and the
// links of record and child-list screens (to a route taking the record's :id, or a server href).

const SPEC = {
  'permissions.yaml': 'permissions:\n  - { name: "thing:view" }\n  - { name: "thing:audit" }\n',
  'entities/a.yaml': [
    'entities:',
    '  thing:',
    '    table: things',
    '    fields:',
    '      id: { type: id }',
    '      name: { type: string, max: 50, required: true }',
    '  part:',
    '    table: parts',
    '    fields:',
    '      id: { type: id }',
    '      thing: { type: ref, to: thing, required: true }',
    '      label: { type: string, max: 50, required: true }',
    '',
  ].join('\n'),
  'api/a.yaml': [
    'schemas:',
    '  Thing: { from: thing, fields: [id, name] }',
    '  Part:',
    '    from: part',
    '    fields: [id, label]',
    '    add:',
    '      thing: { schema: Thing, via: thing, nullable: true, required: true }',
    'operations:',
    '  getThing:',
    '    method: get',
    '    path: /things/{id}',
    '    auth: session',
    '    permission: "thing:view"',
    '    generic: { get: thing, schema: Thing }',
    '    response: Thing',
    '  listThingParts:',
    '    method: get',
    '    path: /things/{id}/parts',
    '    auth: session',
    '    guard: { permission: "thing:audit" }',
    '    paged: { per_page_max: 96, per_page_default: 24 }',
    '    generic: { children: part, of: getThing, via: thing, schema: Part }',
    '    response: { array: Part }',
    '',
  ].join('\n'),
  'routes.yaml': [
    'routes:',
    '  - { name: thing, path: "/things/:id", screen: thing, breadcrumbs: [{ param: id }] }',
    '  - name: thing_parts',
    '    path: "/things/:id/parts"',
    '    screen: thing_parts',
    '    breadcrumbs: [{ param: id, route: thing }, { label: things.parts }]',
    '  - { name: home, path: "/", screen: thing_parts, breadcrumbs: [] }',
    '',
  ].join('\n'),
  'screens/a.yaml': [
    'screens:',
    '  thing:',
    '    record: getThing',
    '    links:',
    '      - { label: things.parts, route: thing_parts, guard: { permission: "thing:audit" } }',
    '  thing_parts:',
    '    children: listThingParts',
    '    title: things.parts',
    '    empty: things.none',
    '    columns:',
    '      - { field: label, label: things.label }',
    '      - { field: thing.name, label: things.label, link: thing, link_param: thing.id }',
    '    links:',
    '      - { label: things.csv, href: "/things/{id}/parts/export", place: both }',
    '',
  ].join('\n'),
  'messages/en.yaml': 'messages:\n  things.parts: Parts\n  things.none: None\n  things.label: Label\n  things.csv: CSV\n',
};

const screensOf = (code: string, name: string): Record<string, unknown> =>
  JSON.parse(new RegExp(`export const ${name} = ([\\s\\S]*?) as const;`).exec(code)?.[1] ?? '{}') as Record<string, unknown>;

describe('child-list screens', () => {
  it('carry the list in a record tab’s shape, with links, and route to the generic child-list screen', () => {
    const model = modelOf(SPEC);
    const code = emitScreens(model);
    expect(screensOf(code, 'childrenScreens')).toEqual({
      thing_parts: {
        title: 'things.parts',
        list: {
          path: '/things/{id}/parts',
          label: 'things.parts',
          columns: [
            { field: 'label', label: 'things.label', format: 'text', sortable: false },
            { field: 'thing.name', label: 'things.label', format: 'text', sortable: false, link: 'thing', linkParam: 'thing.id' },
          ],
          empty: 'things.none',
          perPage: 24,
        },
        links: [{ label: 'things.csv', href: '/things/{id}/parts/export', place: 'both' }],
      },
    });
    expect((screensOf(code, 'recordScreens')['thing'] as { links: unknown }).links).toEqual([
      { label: 'things.parts', route: 'thing_parts', place: 'header', guard: { permission: 'thing:audit' } },
    ]);
    expect(emitRegistry(model)).toContain(
      `import('../record/GenericChildrenScreen').then((module) => ({ default: () => <module.GenericChildrenScreen name="thing_parts" /> }))`,
    );
  });

  it('give a record tab its list operation’s guard, so that the SPA shows it only to users it lets through', () => {
    const withTab = {
      ...SPEC,
      'messages/en.yaml': `${SPEC['messages/en.yaml']}  record.definition: Definition\n`,
      'screens/a.yaml': SPEC['screens/a.yaml'].replace(
        '    record: getThing\n',
        '    record: getThing\n    tabs:\n      - { list: listThingParts, label: things.parts, columns: [{ field: label, label: things.label }] }\n',
      ),
    };
    const thing = screensOf(emitScreens(modelOf(withTab)), 'recordScreens')['thing'] as { tabs: { guard?: unknown }[] };
    expect(thing.tabs[0]!.guard).toEqual({ permission: 'thing:audit' });
  });

  it.each<{ name: string; from: string; to: string; want: string }>([
    {
      name: 'a list that is not a get by {id}',
      from: 'children: listThingParts',
      to: 'children: getThings',
      want: 'screens/a.yaml:7: screens.thing_parts.children: "getThings" is not a get with one {id} in its path',
    },
    {
      name: 'a column the rows do not have',
      from: 'field: thing.name',
      to: 'field: thing.colour',
      want: 'screens/a.yaml:12: screens.thing_parts.columns.1.field: schema "Part" has no property "thing.colour"',
    },
    {
      name: 'an unknown empty message',
      from: 'empty: things.none',
      to: 'empty: things.nothing',
      want: 'screens/a.yaml:9: screens.thing_parts.empty: unknown message "things.nothing"',
    },
    {
      name: 'an href placeholder other than {id}',
      from: '/things/{id}/parts/export',
      to: '/things/{thing}/parts/export',
      want: 'screens/a.yaml:14: screens.thing_parts.links.0.href: {thing} cannot be filled on this screen',
    },
    {
      name: 'a link with neither route nor href',
      from: '{ label: things.csv, href: "/things/{id}/parts/export", place: both }',
      to: '{ label: things.csv, place: both }',
      want: "screens/a.yaml:14: screens.thing_parts.links.0: must have required property 'route'",
    },
  ])('refuse $name', ({ from, to, want }) => {
    expect(modelErrorOf({ ...SPEC, 'screens/a.yaml': SPEC['screens/a.yaml'].replace(from, to) })).toBe(want);
  });
});

describe('record screen links', () => {
  it('refuse a route needing a parameter other than the record’s :id', () => {
    const routes = SPEC['routes.yaml'].replace('"/things/:id/parts"', '"/things/:id/parts/:part"');
    expect(modelErrorOf({ ...SPEC, 'routes.yaml': routes })).toBe(
      'screens/a.yaml:5: screens.thing.links.0.route: route "thing_parts" takes :part, which this screen cannot give',
    );
  });

  it('refuse an unknown permission in a link guard', () => {
    const screens = SPEC['screens/a.yaml'].replace('guard: { permission: "thing:audit" }', 'guard: { permission: "thing:nope" }');
    expect(modelErrorOf({ ...SPEC, 'screens/a.yaml': screens })).toMatch(
      /^screens\/a\.yaml:5: screens\.thing\.links\.0\.guard.*unknown permission "thing:nope"/,
    );
  });

  it('refuse links on a form screen', () => {
    const screens = `${SPEC['screens/a.yaml']}  thing_form:\n    form: thing\n    fields: [name]\n    links: [{ label: things.csv, href: /x }]\n`;
    expect(modelErrorOf({ ...SPEC, 'screens/a.yaml': screens })).toBe(
      'screens/a.yaml:18: screens.thing_form.links: links belong to list, record and child-list screens',
    );
  });
});
