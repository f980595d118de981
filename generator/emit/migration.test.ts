import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/fragments';
import { DataLossRefused, EMPTY_SNAPSHOT, planMigration, snapshotOf } from './migration';

const thing = (fields: string, extra = '') => ({
  'enums.yaml': 'enums:\n  colour: [red, green]\n',
  'entities/thing.yaml': `entities:\n  thing:\n    table: things\n${extra}    fields:\n      id: { type: id }\n${fields}`,
});

describe('data model → migration', () => {
  it('creates a table with typed columns, defaults and indexes', () => {
    const model = modelOf(
      thing(
        '      name: { type: string, max: 40, required: true, index: true }\n      price: { type: money, nullable: true }\n      colour: { type: enum, enum: colour, default: red }\n      tags: { type: enum_list, enum: colour, default: [] }\n',
      ),
    );
    expect(planMigration(model, EMPTY_SNAPSHOT).up).toEqual([
      [
        'await knex.schema.createTable("things", (table) => {',
        '  table.increments("id");',
        '  table.string("name", 40).notNullable();',
        '  table.bigInteger("price").nullable();',
        '  table.string("colour", 64).notNullable().defaultTo("red");',
        '  table.text("tags").notNullable().defaultTo("[]");',
        '  table.index(["name"]);',
        '});',
      ].join('\n'),
    ]);
  });

  it('writes an index on a lowered column as SQL, in byte order on PostgreSQL', () => {
    const create =
      'await knex.schema.raw(knex.client.config.client === "pg" ? "create index \\"things_lower_name_id_index\\" on \\"things\\" (lower(\\"name\\") collate \\"C\\", \\"id\\")" : "create index \\"things_lower_name_id_index\\" on \\"things\\" (lower(\\"name\\"), \\"id\\")");';
    const fields = '      name: { type: string, max: 40 }\n';
    const before = snapshotOf(modelOf(thing(fields)));
    const added = planMigration(modelOf(thing(fields, '    indexes: [[lower(name), id]]\n')), before);
    expect(added.up).toEqual([create]);
    expect(added.down).toEqual(['await knex.schema.raw("drop index \\"things_lower_name_id_index\\"");']);
    expect(added.summary).toEqual(['index_things_lower_name_id']);
    expect(planMigration(modelOf(thing(fields, '    indexes: [[lower(name), id]]\n')), EMPTY_SNAPSHOT).up[1]).toBe(create);
    expect(() => modelOf(thing(fields, '    indexes: [[lower(nope)]]\n'))).toThrow(/unknown field "nope"/);
  });

  it('writes a trigram search index: FTS5 with triggers on SQLite, pg_trgm on PostgreSQL; and drops it again', () => {
    const fields = '      name: { type: string, max: 40 }\n      code: { type: string, max: 20 }\n      size: { type: integer }\n';
    const before = snapshotOf(modelOf(thing(fields)));
    const added = planMigration(modelOf(thing(fields, '    search: [name, code]\n')), before);
    expect(added.summary).toEqual(['search_things']);
    const [code] = added.up;
    expect(code).toContain('create extension if not exists pg_trgm');
    expect(code).toContain('using gin (lower(\\"name\\") gin_trgm_ops, lower(\\"code\\") gin_trgm_ops)');
    expect(code).toContain("using fts5(\\\"name\\\", \\\"code\\\", content='things', content_rowid='id', tokenize='trigram')");
    for (const trigger of ['insert', 'delete', 'update']) expect(code).toContain(`create trigger \\"things_search_${trigger}\\"`);
    expect(code).toContain("values ('rebuild')");
    expect(added.down[0]).toContain('drop table \\"things_search\\"');
    const removed = planMigration(modelOf(thing(fields)), snapshotOf(modelOf(thing(fields, '    search: [name, code]\n'))));
    expect(removed.summary).toEqual(['drop_search_things']);
    expect(removed.up[0]).toContain('drop index \\"things_search_trgm\\"');
    expect(() => modelOf(thing(fields, '    search: [size]\n'))).toThrow(/search needs text fields/);
    expect(() => modelOf(thing(fields, '    search: [nope]\n'))).toThrow(/unknown field "nope"/);
  });

  it('writes a unique index on a lowered column as SQL, so case variants collide on every database', () => {
    const fields = '      name: { type: string, max: 40 }\n';
    const before = snapshotOf(modelOf(thing(fields)));
    const added = planMigration(modelOf(thing(fields, '    unique: [[lower(name)]]\n')), before);
    expect(added.up).toEqual([
      'await knex.schema.raw(knex.client.config.client === "pg" ? "create unique index \\"things_lower_name_unique\\" on \\"things\\" (lower(\\"name\\") collate \\"C\\")" : "create unique index \\"things_lower_name_unique\\" on \\"things\\" (lower(\\"name\\"))");',
    ]);
    expect(added.down).toEqual(['await knex.schema.raw("drop index \\"things_lower_name_unique\\"");']);
    expect(added.summary).toEqual(['unique_things_lower_name']);
  });

  it.each([
    {
      name: 'adds a nullable column',
      before: '      name: { type: string, max: 40 }\n',
      after: '      name: { type: string, max: 40 }\n      note: { type: text, nullable: true }\n',
      want: ['await knex.schema.alterTable("things", (table) => {\n  table.text("note").nullable();\n});'],
    },
    {
      name: 'renames a column and keeps its data',
      before: '      name: { type: string, max: 40 }\n',
      after: '      title: { type: string, max: 40, renamed_from: name }\n',
      want: ['await knex.schema.alterTable("things", (table) => {\n  table.renameColumn("name", "title");\n});'],
    },
    {
      name: 'widens a string',
      before: '      name: { type: string, max: 40 }\n',
      after: '      name: { type: string, max: 80 }\n',
      want: ['await knex.schema.alterTable("things", (table) => {\n  table.string("name", 80).nullable().alter();\n});'],
    },
    {
      name: 'widens a string to text (a sealed secret is longer than what was typed)',
      before: '      name: { type: string, max: 40 }\n',
      after: '      name: { type: text, max: 40 }\n',
      want: ['await knex.schema.alterTable("things", (table) => {\n  table.text("name").nullable().alter();\n});'],
    },
    {
      name: 'drops a column the spec says to drop',
      before: '      name: { type: string, max: 40 }\n      old: { type: text }\n',
      after: '      name: { type: string, max: 40 }\n',
      extra: '    drop_intended: [old]\n',
      want: ['await knex.schema.alterTable("things", (table) => {\n  table.dropColumn("old");\n});'],
    },
  ])('$name', ({ before, after, extra, want }) => {
    const previous = snapshotOf(modelOf(thing(before)));
    expect(planMigration(modelOf(thing(after, extra)), previous).up).toEqual(want);
  });

  it.each([
    { name: 'a removed column', after: '      other: { type: text }\n', reason: /things\.name is no longer in the spec/ },
    { name: 'a narrowed string', after: '      name: { type: string, max: 10 }\n', reason: /may lose data/ },
    { name: 'a type change', after: '      name: { type: integer }\n', reason: /may lose data/ },
    {
      name: 'a new required column without a default',
      after: '      name: { type: string, max: 40 }\n      code: { type: string, required: true }\n',
      reason: /required but has no default/,
    },
  ])('refuses $name', ({ after, reason }) => {
    const previous = snapshotOf(modelOf(thing('      name: { type: string, max: 40 }\n')));
    expect(() => planMigration(modelOf(thing(after)), previous)).toThrow(DataLossRefused);
    expect(() => planMigration(modelOf(thing(after)), previous)).toThrow(reason);
  });

  it('plans nothing when the model matches the snapshot', () => {
    const model = modelOf(thing('      name: { type: string, max: 40 }\n'));
    expect(planMigration(model, snapshotOf(model)).up).toEqual([]);
  });
});
