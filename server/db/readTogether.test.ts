import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { readTogether, withValuesWritten } from './readTogether';

// Given a read as Knex hands it to PostgreSQL, its text with the values written in, or none.
const cases: { name: string; given: { sql: string; bindings: unknown[] }; want: string | undefined }[] = [
  {
    name: 'ids in a list and a limit',
    given: { sql: 'select "id" from "orders" where "id" in ($1, $2) limit $3', bindings: [7, 12, 1] },
    want: 'select "id" from "orders" where "id" in (7, 12) limit 1',
  },
  {
    name: 'ten and more values: $10 is not $1 followed by 0',
    given: { sql: `select 1 where "id" in (${[...Array(11).keys()].map((i) => `$${i + 1}`).join(', ')})`, bindings: [...Array(11).keys()] },
    want: 'select 1 where "id" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)',
  },
  { name: 'no values', given: { sql: 'select "name" from "data_versions"', bindings: [] }, want: 'select "name" from "data_versions"' },
  {
    name: 'plain texts: a type, a tree path pattern, a number as text',
    given: { sql: 'select 1 where "type" = $1 and "tree_path" like $2 and "id" = $3', bindings: ['order_status_changed', '/1/3/%', '7'] },
    want: `select 1 where "type" = 'order_status_changed' and "tree_path" like '/1/3/%' and "id" = '7'`,
  },
  { name: 'an empty text', given: { sql: 'select 1 where "name" = $1', bindings: [''] }, want: `select 1 where "name" = ''` },
  { name: 'a text with a quote', given: { sql: 'select 1 where "name" = $1', bindings: ["x'; drop table orders; --"] }, want: undefined },
  { name: 'a text with a backslash', given: { sql: 'select 1 where "name" = $1', bindings: ['x\\'] }, want: undefined },
  { name: 'a text with a dollar', given: { sql: 'select 1 where "name" = $1', bindings: ['$$'] }, want: undefined },
  { name: 'a text with a semicolon', given: { sql: 'select 1 where "name" = $1', bindings: ['a;b'] }, want: undefined },
  { name: 'a text with a line break', given: { sql: 'select 1 where "name" = $1', bindings: ['a\nb'] }, want: undefined },
  { name: 'a text past 200 characters', given: { sql: 'select 1 where "name" = $1', bindings: ['a'.repeat(201)] }, want: undefined },
  {
    name: 'booleans, as quoted literals like the values pg sends',
    given: { sql: 'select 1 where "active" = $1 and "disabled" = $2', bindings: [true, false] },
    want: `select 1 where "active" = 'true' and "disabled" = 'false'`,
  },
  { name: 'a negative number', given: { sql: 'select 1 where "id" = $1', bindings: [-7] }, want: undefined },
  { name: 'a fraction', given: { sql: 'select 1 where "total" = $1', bindings: [1.5] }, want: undefined },
  { name: 'a number past 15 digits', given: { sql: 'select 1 where "id" = $1', bindings: [2 ** 53] }, want: undefined },
  { name: 'null', given: { sql: 'select 1 where "id" = $1', bindings: [null] }, want: undefined },
  { name: 'a date', given: { sql: 'select 1 where "date" = $1', bindings: [new Date(0)] }, want: undefined },
  { name: 'a question mark left in the text', given: { sql: 'select 1 where "tags" \\? $1', bindings: [1] }, want: undefined },
  { name: 'a $n that is no placeholder', given: { sql: 'select 1 where "id" = $1 and "code" = $2', bindings: [1] }, want: undefined },
  { name: 'a value without its placeholder', given: { sql: 'select 1 where "id" = $1', bindings: [1, 2] }, want: undefined },
];

describe('withValuesWritten', () => {
  it.each(cases)('$name', ({ given, want }) => {
    expect(withValuesWritten(given)).toBe(want);
  });
});

describe('readTogether', () => {
  let database: TestDatabase;
  let orderIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    orderIds = ((await database.db('orders').orderBy('id').limit(3).pluck('id')) as number[]).map(Number);
  });
  afterAll(async () => {
    await database.drop();
  });

  const onPostgres = () => database.db.client.config.client === 'pg';

  /** The reads' answers and the statements that gave them. */
  async function readsWatched(
    reads: (db: Knex) => (Knex.QueryBuilder | Knex.Raw)[],
  ): Promise<{ answers: unknown[][]; statements: string[] }> {
    let answers: unknown[][] = [];
    const statements = await statementsOf(database.db, async () => (answers = await readTogether(database.db, reads(database.db))));
    return { answers, statements };
  }

  // Money (a decimal column), times, whole numbers, text and a null: each as its own read decodes it.
  const orderReads = (db: Knex, ids: number[]) => [
    db('orders').whereIn('id', ids).orderBy('id').select('id', 'name', 'total', 'date', 'external_id'),
    db('order_line_items').whereIn('order_id', ids).orderBy('id').select('id', 'order_id', 'price', 'quantity'),
    db('organisations').where('id', 3).select('id', 'name', 'depth', 'parent_id'),
    db('orders').where('id', 0).select('id'),
  ];

  it('answers each read as it answers alone, in one statement on PostgreSQL', async () => {
    const alone: unknown[][] = [];
    for (const read of orderReads(database.db, orderIds)) alone.push((await read) as unknown[]);
    expect(alone[0]).toHaveLength(3);
    expect(alone[1]!.length).toBeGreaterThan(0);
    expect(alone[3]).toEqual([]);
    const { answers, statements } = await readsWatched((db) => orderReads(db, orderIds));
    expect(answers).toEqual(alone);
    expect(statements).toHaveLength(onPostgres() ? 1 : 4);
  });

  it('reads one after another where a value cannot be written into the text', async () => {
    const reads = (db: Knex) => [
      db('orders').where('id', orderIds[0]!).select('id'),
      db('organisations').where('name', 'like', "Customer%' or 'x' = 'x").select('id'),
    ];
    const { answers, statements } = await readsWatched(reads);
    expect(answers).toEqual([[{ id: orderIds[0] }], []]);
    expect(statements).toHaveLength(2);
  });

  it('answers a raw read with its rows, in one statement or one after another', async () => {
    const reads = (name: string) => (db: Knex) => [db.raw('select ? as "name"', [name]), db('organisations').where('id', 3).select('id')];
    // A plain name goes into one text on PostgreSQL; one with a quote makes the reads run one by one.
    for (const name of ['plain', "o'brien"]) {
      const { answers } = await readsWatched(reads(name));
      expect(answers).toEqual([[{ name }], [{ id: 3 }]]);
    }
  });

  it('answers reads bound to plain texts and booleans as they answer alone', async () => {
    const reads = (db: Knex) => [
      db('organisations').where('tree_path', 'like', '/%').orderBy('id').select('id', 'tree_path'),
      db('users').where('disabled', false).orderBy('id').select('id'),
      db('users').where('disabled', true).orderBy('id').select('id'),
      db('organisations').where('name', 'Customer Co Ltd').select('id'),
    ];
    const alone: unknown[][] = [];
    for (const read of reads(database.db)) alone.push((await read) as unknown[]);
    expect(alone[0]!.length).toBeGreaterThan(1);
    expect(alone[1]!.length).toBeGreaterThan(0);
    expect(alone[3]).toHaveLength(1);
    const { answers, statements } = await readsWatched(reads);
    expect(answers).toEqual(alone);
    expect(statements).toHaveLength(onPostgres() ? 1 : 4);
  });

  it('reads inside a transaction, seeing its own writes', async () => {
    const trx = await database.db.transaction();
    try {
      const payload = JSON.stringify({ to: 'nobody@example.com' });
      const [{ id }] = (await trx('outbox_messages')
        .insert({ topic: 'read-together', payload, created_at: 0, available_at: 0 })
        .returning('id')) as [{ id: number }];
      const [written, lines] = await readTogether(trx, [
        trx('outbox_messages').where('id', id).select('payload'),
        trx('order_line_items').where('order_id', orderIds[0]!).select('id'),
      ]);
      expect(written).toEqual([{ payload }]);
      expect(lines).toEqual(await trx('order_line_items').where('order_id', orderIds[0]!).select('id'));
    } finally {
      await trx.rollback();
    }
  });
});
