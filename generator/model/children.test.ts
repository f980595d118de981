import { describe, expect, it } from 'vitest';
import { emitServerOperations } from '../emit/serverCode';
import { emitScreens } from '../emit/runtimeCode';
import { modelErrorOf, modelOf } from '../testing/fragments';
import { queryParameters } from './queryParameters';

// Generic child lists (`generic: { children, of, via, where }`), arrays of child rows in schemas
// (`{ array: X, via: ref }`) and record screen tabs over them.

const ENTITIES = [
  'enums:',
  '  kind: [thing, other]',
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
  '  note:',
  '    table: notes',
  '    fields:',
  '      id: { type: id }',
  '      kind: { type: enum, enum: kind, required: true }',
  '      subject: { type: integer, min: 1, required: true }',
  '      at: { type: timestamp, required: true }',
  '  note_line:',
  '    table: note_lines',
  '    fields:',
  '      id: { type: id }',
  '      note: { type: ref, to: note, required: true }',
  '      text: { type: string, max: 50, required: true }',
  '',
].join('\n');

const SCHEMAS = [
  'schemas:',
  '  Thing: { from: thing, fields: [id, name] }',
  '  Part: { from: part, fields: [id, label] }',
  '  NoteLine: { from: note_line, fields: [id, text] }',
  '  Note:',
  '    from: note',
  '    fields: [id, at]',
  '    add:',
  '      lines: { array: NoteLine, via: note, required: true }',
  '',
].join('\n');

const operations = (
  parts: string,
  notes = '      generic: { children: note, of: getThing, via: subject, where: { kind: thing }, schema: Note, sort: [at], default_sort: "-at" }',
) =>
  [
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
    parts,
    '    response: { array: Part }',
    '  listThingNotes:',
    '    method: get',
    '    path: /things/{id}/notes',
    '    auth: session',
    '    paged: { per_page_max: 96, per_page_default: 24 }',
    notes.replace(/^ {6}/, '    '),
    '    response: { array: Note }',
    '',
  ].join('\n');

const GOOD_PARTS = '    generic: { children: part, of: getThing, via: thing, schema: Part }';

const SCREENS = [
  'screens:',
  '  thing:',
  '    record: getThing',
  '    tabs:',
  '      - list: listThingNotes',
  '        label: things.notes',
  '        columns:',
  '          - { field: at, label: things.at }',
  '          - { field: lines, label: things.lines }',
  '',
].join('\n');

const files = (ops: string, screens?: string) => ({
  'entities/a.yaml': ENTITIES,
  'permissions.yaml': 'permissions:\n  - { name: "thing:view" }\n',
  'api/a.yaml': `${SCHEMAS}${ops}`,
  ...(screens && { 'screens/a.yaml': screens }),
  'messages/en.yaml':
    'messages:\n  crumb.home: Home\n  record.definition: Definition\n  things.notes: Notes\n  things.at: When\n  things.lines: Lines\n',
});

describe('generic child lists', () => {
  it("take their parent's permission, sort like lists when given sort fields, and emit what the server needs", () => {
    const model = modelOf(files(operations(GOOD_PARTS), SCREENS));
    const parts = model.operations.find((operation) => operation.id === 'listThingParts')!;
    const notes = model.operations.find((operation) => operation.id === 'listThingNotes')!;
    expect(parts.permission).toBe('thing:view');
    expect(parts.generic).toMatchObject({
      kind: 'children',
      entity: 'part',
      children: { of: 'getThing', via: 'thing', where: {} },
      defaultSort: '+id',
    });
    expect(queryParameters(model, parts).map((param) => param.name)).toEqual([]);
    expect(queryParameters(model, notes).map((param) => [param.name, param.default])).toEqual([
      ['page', 1],
      ['per_page', 24],
      ['sort_by', '-at'],
    ]);
    const code = emitServerOperations(model);
    expect(code).toMatch(
      /"children": \{\s+"of": "getThing",\s+"via": "subject",\s+"where": \{\s+"kind": "thing"\s+\},\s+"defaultSort": "-at"\s+\}/,
    );
    expect(code).toMatch(
      /"nested": \[\s+\{\s+"property": "lines",\s+"via": "note",\s+"entity": "note_line",\s+"fields": \[\s+"id",\s+"text"\s+\]/,
    );
    expect(code).toMatch(/"fields": \[\s+"id",\s+"at"\s+\],\s+"expand": \[\],\s+"nested"/);
  });

  it.each<{ name: string; given: Record<string, string>; want: string }>([
    {
      name: 'a parent that is not a get by id',
      given: files(operations('    generic: { children: part, of: listThings, via: thing, schema: Part }')),
      want: 'api/a.yaml:22: operations.listThingParts.generic.of: "listThings" is not a get-by-id operation answering a schema',
    },
    {
      name: 'a via that is not a ref to the parent',
      given: files(operations('    generic: { children: part, of: getThing, via: label, schema: Part }')),
      want: 'api/a.yaml:22: operations.listThingParts.generic.via: via names a ref to the parent, or an integer id with where',
    },
    {
      name: 'a where value outside its enum',
      given: files(
        operations(GOOD_PARTS, '      generic: { children: note, of: getThing, via: subject, where: { kind: nothing }, schema: Note }'),
      ),
      want: 'api/a.yaml:29: operations.listThingNotes.generic.where.kind: "nothing" is not a value of enum "kind"',
    },
    {
      name: 'a permission other than the parent’s',
      given: files(
        operations(`${GOOD_PARTS}\n    permission: "thing:view"`).replace('permission: "thing:view"\n    generic: { get', 'generic: { get'),
      ),
      want: "api/a.yaml:22: operations.listThingParts.permission: a child list needs its parent's permission (none)",
    },
    {
      name: 'a tab that is not under the record’s path',
      given: files(operations(GOOD_PARTS), SCREENS.replace('listThingNotes', 'getThing')),
      want: 'screens/a.yaml:5: screens.thing.tabs.0.list: "getThing" is not a get under /things/{id}/',
    },
    {
      name: 'a tab column the rows do not have',
      given: files(operations(GOOD_PARTS), SCREENS.replace('field: lines', 'field: at.year')),
      want: 'screens/a.yaml:9: screens.thing.tabs.0.columns.1.field: schema "Note" has no property "at.year"',
    },
  ])('refuse $name', ({ given, want }) => {
    expect(modelErrorOf(given)).toBe(want);
  });

  it('refuse child rows through a field that does not point back at the record', () => {
    const given = files(operations(GOOD_PARTS));
    given['api/a.yaml'] = given['api/a.yaml'].replace('via: note, required', 'via: text, required');
    expect(modelErrorOf(given)).toBe(
      'api/a.yaml:9: schemas.Note.add.lines.via: via names a ref to "note" of the entity of schema "NoteLine"',
    );
  });
});

describe('record screen tabs', () => {
  it('carry each child list’s path, labels, columns and page size to the runtime', () => {
    const literal =
      /export const recordScreens = ([\s\S]*?) as const;/.exec(emitScreens(modelOf(files(operations(GOOD_PARTS), SCREENS))))?.[1] ?? '{}';
    const screens = JSON.parse(literal) as { thing: { tabs: unknown[] } };
    expect(screens.thing.tabs).toEqual([
      {
        path: '/things/{id}/notes',
        label: 'things.notes',
        columns: [
          { field: 'at', label: 'things.at', format: 'datetime', sortable: false },
          { field: 'lines', label: 'things.lines', format: 'text', sortable: false },
        ],
        perPage: 24,
      },
    ]);
  });
});
