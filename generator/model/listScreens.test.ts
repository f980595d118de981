import { describe, expect, it } from 'vitest';
import { emitRegistry, emitScreens } from '../emit/runtimeCode';
import { emitSlots } from '../emit/slotRegistry';
import { modelOf, specErrorOf } from '../testing/fragments';
import type { ListScreen, PageScreen } from './types';

/**
 * List screen features beyond plain columns: computed columns with cases and warnings, choice
 * filters that set several query parameters, an organisation filter's `where`, rows that form
 * their own tree, and page screens of several lists.
 */
const base: Record<string, string> = {
  'messages/en.yaml': [
    'messages:',
    '  crumb.home: Home',
    '  t.title: Things',
    '  t.name: Name',
    '  t.status: Status',
    '  t.on: On',
    '  t.off: Off',
    '  t.red_warning: Red and off',
    '  t.other: Other',
    '',
  ].join('\n'),
  'enums.yaml': 'enums:\n  colour: [red, green]\n  thing_status: [ON, OFF, RED]\n',
  'entities/thing.yaml': [
    'entities:',
    '  thing:',
    '    table: things',
    '    fields:',
    '      id: { type: id }',
    '      name: { type: string, max: 50, required: true }',
    '      colour: { type: enum, enum: colour, required: true }',
    '      active: { type: boolean, default: true }',
    '      parent: { type: ref, to: thing, nullable: true }',
    '      owner: { type: ref, to: organisation, nullable: true }',
    '  organisation:',
    '    table: organisations',
    '    fields:',
    '      id: { type: id }',
    '      name: { type: string, max: 50, required: true }',
    '      is_linked: { type: boolean, default: false }',
    '',
  ].join('\n'),
  'api/things.yaml': [
    'schemas:',
    '  Thing:',
    '    from: thing',
    '    fields: [id, name, colour, active, parent]',
    '  Org:',
    '    from: organisation',
    '    fields: [id, name]',
    '  Part:',
    '    from: thing',
    '    fields: [id, name, colour, active]',
    '  Whole:',
    '    from: thing',
    '    fields: [id, name, active]',
    '    add:',
    '      parts: { array: Part, required: true }',
    'operations:',
    '  listThings:',
    '    method: get',
    '    path: /things',
    '    auth: public',
    '    paged: { per_page_max: 96, per_page_default: 24 }',
    '    generic:',
    '      list: thing',
    '      schema: Thing',
    '      sort: [name]',
    '      default_sort: "+name"',
    '      filters:',
    '        active: { field: active, match: eq }',
    '        colour: { field: colour, match: eq }',
    '        parent: { field: parent, match: eq }',
    '        owner: { field: owner, match: subtree }',
    '        not_mine: { field: owner, match: not_own }',
    '    response: { array: Thing }',
    '  listWholes:',
    '    method: get',
    '    path: /wholes',
    '    auth: public',
    '    paged: { per_page_max: 96, per_page_default: 24 }',
    '    response: { array: Whole }',
    '    handler: things#listWholes',
    '  listOrganisations:',
    '    method: get',
    '    path: /organisations/picker',
    '    auth: session',
    '    paged: { per_page_max: 1000, per_page_default: 24 }',
    '    generic:',
    '      list: organisation',
    '      schema: Org',
    '      sort: [name]',
    '      default_sort: "+name"',
    '      filters:',
    '        is_linked: { field: is_linked, match: eq }',
    '    response: { array: Org }',
    '',
  ].join('\n'),
  'routes.yaml': 'routes:\n  - { name: things, path: /things, public: true, screen: things_page, breadcrumbs: [{ label: crumb.home }] }\n',
};

const screens = (things: string, page = '  things_page:\n    title: t.title\n    sections: [things]\n') =>
  modelOf({ ...base, 'screens/things.yaml': `screens:\n${page}  things:\n    list: listThings\n${things}` });

const GOOD = [
  '    tree_parent: parent',
  '    columns:',
  '      - { field: name, label: t.name, warnings: [{ when: { colour: red, active: false }, label: t.red_warning }] }',
  '      - name: state',
  '        label: t.status',
  '        cases: [{ when: { active: true }, label: t.on }, { when: { active: false }, label: t.off }]',
  '        otherwise: t.other',
  '    filters:',
  '      - name: status',
  '        widget: select',
  '        label: t.status',
  '        enum: thing_status',
  '        choices: { ON: { active: true }, OFF: { active: false }, RED: { colour: red, active: true } }',
  '      - { param: parent, widget: organisation, label: t.name, where: { is_linked: true } }',
  '',
].join('\n');

const errorOf = (things: string, page?: string): string => specErrorOf(() => screens(things, page));

describe('list screen features → model', () => {
  it('builds computed columns, warnings, choice filters, where, tree_parent and the page', () => {
    const model = screens(GOOD);
    const list = model.screens.find((screen) => screen.name === 'things') as ListScreen;
    expect(list.treeParent).toBe('parent');
    expect(list.columns).toEqual([
      {
        field: 'name',
        label: 't.name',
        format: 'text',
        sortable: true,
        warnings: [{ when: { colour: 'red', active: false }, label: 't.red_warning' }],
      },
      {
        field: 'state',
        label: 't.status',
        format: 'text',
        sortable: false,
        otherwise: 't.other',
        cases: [
          { when: { active: true }, label: 't.on' },
          { when: { active: false }, label: 't.off' },
        ],
      },
    ]);
    expect(list.filters[0]).toEqual({
      params: ['active', 'colour'],
      widget: 'select',
      label: 't.status',
      name: 'status',
      options: ['ON', 'OFF', 'RED'],
      enum: 'thing_status',
      choices: { ON: { active: true }, OFF: { active: false }, RED: { colour: 'red', active: true } },
    });
    expect(list.filters[1]).toMatchObject({ params: ['parent'], widget: 'organisation', where: { is_linked: true } });
    expect(model.screens.find((screen) => screen.name === 'things_page')).toEqual<PageScreen>({
      kind: 'page',
      name: 'things_page',
      title: 't.title',
      sections: ['things'],
    });
  });

  it('given an organisation filter over [organisation, flag] with others, names the option; the flag is a boolean parameter', () => {
    const list = screens(
      `${'    columns:\n      - { field: name, label: t.name }\n'}    filters:\n      - { params: [owner, not_mine], widget: organisation, label: t.name, others: t.other }\n`,
    ).screens.find((screen) => screen.name === 'things') as ListScreen;
    expect(list.filters[0]).toEqual({ params: ['owner', 'not_mine'], widget: 'organisation', label: 't.name', others: 't.other' });
  });

  it('given detail_rows, names the function that makes the rows under each row, imported by the slot registry', () => {
    const model = modelOf({
      ...base,
      'routes.yaml': 'routes:\n  - { name: w, path: /w, public: true, screen: wholes, breadcrumbs: [{ label: crumb.home }] }\n',
      'screens/things.yaml':
        'screens:\n  wholes:\n    list: listWholes\n    detail_rows: wholes/partRows#partRows\n    columns:\n      - { field: name, label: t.name }\n',
    });
    expect((model.screens.find((screen) => screen.name === 'wholes') as ListScreen).detailRows).toBe('wholes/partRows#partRows');
    const slots = emitSlots(model);
    expect(slots).toContain(`import { partRows as detailRows0 } from '../../screens/wholes/partRows';`);
    expect(slots).toContain(
      'export const detailRowsSlots: Readonly<Record<string, DetailRowsSlot>> = {\n  "wholes/partRows#partRows": detailRows0,\n};',
    );
  });

  it('refuses detail_rows under a tree', () => {
    const given = {
      ...base,
      'screens/things.yaml': `screens:\n  wholes:\n    list: listWholes\n    tree_parent: id\n    detail_rows: wholes/partRows#partRows\n    columns:\n      - { field: name, label: t.name }\n`,
    };
    expect(() => modelOf(given)).toThrow('detail rows nest under plain rows, not under a tree');
  });

  it('emits the page screen and its lazy route component', () => {
    const model = screens(GOOD);
    expect(emitScreens(model)).toContain(
      'export const pageScreens = {\n  "things_page": {\n    "title": "t.title",\n    "sections": [\n      "things"\n    ]\n  }\n} as const;',
    );
    expect(emitRegistry(model)).toContain(
      'import(\'../list/GenericPageScreen\').then((module) => ({ default: () => <module.GenericPageScreen name="things_page" /> }))',
    );
  });
});

describe('list screen features: a bad spec fails with file, line and path', () => {
  const columns = '    columns:\n      - { field: name, label: t.name }\n';
  it.each<{ name: string; given: string; page?: string; want: string }>([
    {
      name: 'a case on a property the row lacks',
      given: '    columns:\n      - { name: s, label: t.status, cases: [{ when: { colour_x: red }, label: t.on }] }\n',
      want: 'screens/things.yaml:8: screens.things.columns.0.cases.0.when.colour_x: schema "Thing" has no property "colour_x"',
    },
    {
      name: 'a warning value the property cannot hold',
      given: '    columns:\n      - { field: name, label: t.name, warnings: [{ when: { colour: blue }, label: t.on }] }\n',
      want: 'screens/things.yaml:8: screens.things.columns.0.warnings.0.when.colour: "blue" is not a value of "colour"',
    },
    {
      name: 'a case label missing from the catalogue',
      given: '    columns:\n      - { name: s, label: t.status, cases: [{ when: { active: true }, label: t.nope }] }\n',
      want: 'screens/things.yaml:8: screens.things.columns.0.cases.0.label: unknown message "t.nope"',
    },
    {
      name: 'a choice that is not a value of its enum',
      given: `${columns}    filters:\n      - { name: s, widget: select, label: t.status, enum: thing_status, choices: { BLUE: { active: true } } }\n`,
      want: 'screens/things.yaml:10: screens.things.filters.0.choices.BLUE: "BLUE" is not a value of enum "thing_status"',
    },
    {
      name: 'a choice setting a parameter of the wrong type',
      given: `${columns}    filters:\n      - { name: s, widget: select, label: t.status, enum: thing_status, choices: { ON: { active: "yes" } } }\n`,
      want: 'screens/things.yaml:10: screens.things.filters.0.choices.ON.active: "yes" does not fit query parameter "active"',
    },
    {
      name: 'a where naming no organisations list parameter',
      given: `${columns}    filters:\n      - { param: parent, widget: organisation, label: t.name, where: { linked: true } }\n`,
      want: 'screens/things.yaml:10: screens.things.filters.0.where.linked: operation "listOrganisations" has no query parameter "linked"',
    },
    {
      name: 'others on a filter whose second parameter is no flag',
      given: `${columns}    filters:\n      - { params: [owner, parent], widget: organisation, label: t.name, others: t.other }\n`,
      want: 'screens/things.yaml:10: screens.things.filters.0.others: others belongs to an organisation filter whose second parameter is a boolean',
    },
    {
      name: 'an organisation filter over two parameters without others',
      given: `${columns}    filters:\n      - { params: [owner, not_mine], widget: organisation, label: t.name }\n`,
      want: 'screens/things.yaml:10: screens.things.filters.0: an organisation filter over two parameters needs others',
    },
    {
      name: 'a tree_parent that holds no id',
      given: `    tree_parent: name\n${columns}`,
      want: 'screens/things.yaml:7: screens.things.tree_parent: "name" must be a property of the row holding its parent row\'s id',
    },
    {
      name: 'a page section that is not a list',
      given: columns,
      page: '  things_page:\n    sections: [things, nowhere]\n',
      want: 'screens/things.yaml:3: screens.things_page.sections.1: "nowhere" is not a list screen',
    },
  ])('$name', ({ given, page, want }) => {
    expect(errorOf(given, page)).toEqual(want);
  });
});

describe('guarded columns and links shown from a row count', () => {
  const LINKS = [
    '    columns:',
    '      - { field: name, label: t.name }',
    '      - { name: copy, label: t.other, cases: [{ when: { active: true }, label: t.on }], link: things, guard: { admin: true } }',
    '    links:',
    '      - { label: t.title, route: things }',
    '      - { label: t.title, route: things, place: footer, min_rows: 11 }',
    '',
  ].join('\n');

  it('carry the column guard and min_rows into the model and the emitted screen', () => {
    const model = screens(LINKS);
    const list = model.screens.find((screen) => screen.name === 'things') as ListScreen;
    expect(list.columns[1]).toMatchObject({ field: 'copy', link: 'things', guard: { admin: true } });
    expect(list.columns[0]).not.toHaveProperty('guard');
    expect(list.links).toEqual([
      { label: 't.title', route: 'things', place: 'header' },
      { label: 't.title', route: 'things', place: 'footer', minRows: 11 },
    ]);
    expect(emitScreens(model)).toMatch(/"place": "footer",\s+"minRows": 11/);
  });

  it.each([
    [
      'a column guard of an unknown permission',
      LINKS.replace('guard: { admin: true }', 'guard: { permission: "thing:nope" }'),
      'screens.things.columns.1.guard.permission: unknown permission "thing:nope"',
    ],
    ['min_rows below 1', LINKS.replace('min_rows: 11', 'min_rows: 0'), 'screens.things.links.1.min_rows: must be >= 1'],
  ])('refuse %s', (_name, things, message) => {
    expect(errorOf(things)).toContain(message);
  });

  it('refuse min_rows on a record screen, which has no rows to count', () => {
    const record = '  thing:\n    record: getThing\n    links:\n      - { label: t.title, route: things, min_rows: 2 }\n';
    const given: Record<string, string> = { ...base, 'screens/things.yaml': `screens:\n${record}` };
    given['api/things.yaml'] +=
      '  getThing:\n    method: get\n    path: /things/{id}\n    auth: public\n    generic: { get: thing, schema: Thing }\n    response: Thing\n';
    expect(() => modelOf(given)).toThrow('screens.thing.links.0.min_rows: min_rows belongs to the links of list screens');
  });
});
