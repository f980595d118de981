import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { insertRows } from './insertRows';

// The write path's inserts with their statement text built once per shape (insertRows.ts): the
// statement each shape gets, and the rows stored and answered as Knex's own insert stores and
// answers them, on SQLite and on PostgreSQL.

let database: TestDatabase;
let db: Knex;
let q: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  q = db.client.config.client === 'pg' ? '"' : '`';
  for (const table of ['probe_fast', 'probe_knex']) {
    await db.schema.createTable(table, (t) => {
      t.increments('id');
      t.string('name').notNullable().unique();
      t.bigInteger('amount');
      t.boolean('flag');
      t.text('note');
    });
  }
});
afterAll(async () => {
  await database.drop();
});

const stored = (table: string) => db(table).orderBy('id').select('name', 'amount', 'flag', 'note');
/** `?` on SQLite, `$1`… on PostgreSQL (Knex numbers them there). */
const placeholders = (sql: string) => sql.replace(/\$\d+/g, '?');

describe('insertRows', () => {
  const cases: { given: Record<string, unknown>[]; returning: string[]; want: string }[] = [
    {
      given: [{ name: 'a', amount: 12_3400, flag: true, note: null }],
      returning: ['id'],
      want: 'insert into Tprobe_fastT (TamountT, TflagT, TnameT, TnoteT) values (?, ?, ?, ?) returning TidT',
    },
    {
      given: [
        { note: 'x', name: 'b', amount: -1, flag: false },
        { name: 'c', amount: 0, flag: true, note: 'it’s ? here' },
      ],
      returning: [],
      want: 'insert into Tprobe_fastT (TamountT, TflagT, TnameT, TnoteT) values (?, ?, ?, ?), (?, ?, ?, ?)',
    },
  ];
  it.each(cases)('writes $given.length row(s) in one multi-row VALUES', async ({ given, returning, want }) => {
    let answered: unknown;
    const statements = await statementsOf(db, async () => (answered = await insertRows(db, 'probe_fast', given, returning)));
    expect(statements.map(placeholders)).toEqual([want.replaceAll('T', q)]);
    if (returning.length > 0) expect(answered).toEqual([{ id: expect.any(Number) as unknown }]);
    else expect(answered).toEqual([]);
    // What Knex's own insert of the same rows stores.
    await db('probe_knex').insert(given);
    expect(await stored('probe_fast')).toEqual(await stored('probe_knex'));
  });

  it('answers the columns RETURNING names of every row, whatever the number of rows', async () => {
    const rows = [{ name: 'd' }, { name: 'e' }, { name: 'f' }];
    const first = await insertRows(db, 'probe_fast', rows, ['id', 'name']);
    expect(first.map((row) => row['name']).sort()).toEqual(['d', 'e', 'f']);
    const [again] = await statementsOf(db, () =>
      insertRows(db, 'probe_fast', [{ name: 'g' }, { name: 'h' }, { name: 'i' }], ['id', 'name']),
    );
    expect(placeholders(again!)).toBe(
      `insert into ${q}probe_fast${q} (${q}name${q}) values (?), (?), (?) returning ${q}id${q}, ${q}name${q}`,
    );
  });

  it('leaves rows that differ in their columns, or hold undefined, to Knex', async () => {
    const mixed = [{ name: 'j', amount: 1 }, { name: 'k' }];
    const withUndefined = [{ name: 'l', note: undefined }];
    const statements = await statementsOf(db, async () => {
      await insertRows(db, 'probe_fast', mixed);
      await insertRows(db, 'probe_fast', withUndefined);
    });
    expect(statements.map(placeholders)).toEqual([
      db('probe_fast').insert(mixed).toSQL().sql,
      db('probe_fast').insert(withUndefined).toSQL().sql,
    ]);
    expect(await db('probe_fast').whereIn('name', ['j', 'k', 'l']).orderBy('name').select('name', 'amount')).toEqual([
      { name: 'j', amount: 1 },
      { name: 'k', amount: null },
      { name: 'l', amount: null },
    ]);
  });

  it('fails as the database fails, writing nothing of the statement', async () => {
    const before = await db('probe_fast').count({ n: '*' });
    await expect(insertRows(db, 'probe_fast', [{ name: 'm' }, { name: 'a' }])).rejects.toThrow(/unique/i);
    expect(await db('probe_fast').count({ n: '*' })).toEqual(before);
  });
});
