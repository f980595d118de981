import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { NAMED_PER_CONNECTION, nameFor, nameStatements } from './namedStatements';

// Given a text, whether it is named the second time it is seen (never the first).
const cases: { name: string; text: string; named: boolean }[] = [
  { name: 'a select', text: 'select "id" from "orders" where "id" = $1 -- named', named: true },
  { name: 'an insert', text: 'insert into "outbox_messages" ("topic") values ($1) -- named', named: true },
  { name: 'an update', text: 'UPDATE "orders" set "status" = $1 where "id" = $2 -- named', named: true },
  { name: 'a delete', text: 'delete from "baskets" where "id" = $1 -- named', named: true },
  { name: 'a with', text: 'with entries as (insert into "t" values ($1) returning "id") select 1 -- named', named: true },
  { name: 'BEGIN', text: 'BEGIN;', named: false },
  { name: 'COMMIT', text: 'COMMIT;', named: false },
  { name: 'DDL', text: 'alter table "orders" add column "x" integer', named: false },
  { name: 'several statements', text: 'select 1 from "a" where "id" in (1);\nselect 2 from "b" where "id" in (2)', named: false },
  { name: 'an advisory lock', text: 'select pg_advisory_xact_lock($1, hashtext($2)) -- named', named: true },
];

describe('nameFor', () => {
  it.each(cases)('$name', ({ text, named }) => {
    expect(nameFor(text)).toBeUndefined();
    const name = nameFor(text);
    if (!named) return expect(name).toBeUndefined();
    expect(name).toMatch(/^hub_[\w-]{32}$/);
    expect(nameFor(text)).toBe(name);
    expect(nameFor(text, 2)).toBe(`${name}_2`);
  });

  it('names different texts differently', () => {
    const texts = ['select 1 where $1 = 1 -- a', 'select 1 where $1 = 1 -- b'];
    for (const text of texts) nameFor(text);
    expect(nameFor(texts[0]!)).not.toBe(nameFor(texts[1]!));
  });
});

type Client = {
  connect(): Promise<void>;
  end(): Promise<void>;
  query: (...args: unknown[]) => unknown;
};

/** Runs a plain query the way Knex does (a config and a callback). */
const run = (client: Client, text: string, values: unknown[] = []) =>
  new Promise<{ rows: Record<string, unknown>[] }>((resolve, reject) => {
    client.query({ text, values }, (error: Error | null, result: { rows: Record<string, unknown>[] }) =>
      error ? reject(error) : resolve(result),
    );
  });

describe.runIf(process.env['TEST_DATABASE_URL'])('a PostgreSQL connection naming its statements', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase({ demo: false });
    const { Client } = createRequire(import.meta.url)('pg') as { Client: new (url: string) => Client };
    client = new Client(database.url);
    await client.connect();
    nameStatements(client);
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const prepared = async () =>
    (await run(client, 'select name, statement from pg_prepared_statements order by name')).rows as { name: string; statement: string }[];

  it('prepares a text the second time it runs, and runs it by name after', async () => {
    const text = 'select $1::integer + 1 as "next" -- prepared';
    expect(await run(client, text, [1])).toMatchObject({ rows: [{ next: 2 }] });
    expect((await prepared()).map((row) => row.statement)).not.toContain(text);
    expect(await run(client, text, [2])).toMatchObject({ rows: [{ next: 3 }] });
    expect(await run(client, text, [3])).toMatchObject({ rows: [{ next: 4 }] });
    expect((await prepared()).filter((row) => row.statement === text)).toEqual([{ name: nameFor(text), statement: text }]);
  });

  it('leaves several statements in one text to the simple protocol', async () => {
    const text = 'select 1 as "one" from "organisations" where "id" in (1); select 2 as "two"';
    for (let turn = 0; turn < 2; turn++) {
      const results = (await run(client, text)) as unknown as { rows: unknown[] }[];
      expect(results.map((result) => result.rows)).toEqual([expect.any(Array), [{ two: 2 }]]);
    }
  });

  it('names afresh after a migration changed what a named select answers, failing that statement once', async () => {
    await run(client, 'create table "named_scratch" ("a" integer)');
    await run(client, 'insert into "named_scratch" values (1)');
    const text = 'select * from "named_scratch" where "a" = $1';
    await run(client, text, [1]);
    expect((await run(client, text, [1])).rows).toEqual([{ a: 1 }]);
    await run(client, 'alter table "named_scratch" add column "b" integer');
    await expect(run(client, text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await run(client, text, [1])).rows).toEqual([{ a: 1, b: null }]);
  });

  it(`names at most ${NAMED_PER_CONNECTION} texts on a connection; past them, texts run unnamed`, async () => {
    const before = (await prepared()).length;
    for (let index = 0; index < NAMED_PER_CONNECTION + 20; index++) {
      const text = `select $1::integer as "n${index}"`;
      await run(client, text, [index]);
      expect((await run(client, text, [index])).rows).toEqual([{ [`n${index}`]: index }]);
    }
    const statements = (await prepared()).map((row) => row.statement);
    expect(statements.length - before).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
    expect(statements).toContain('select $1::integer as "n0"');
    expect(statements).not.toContain(`select $1::integer as "n${NAMED_PER_CONNECTION + 19}"`);
  });
});
