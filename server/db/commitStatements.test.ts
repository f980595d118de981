import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../testing/statementsOf';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { commitWithStatements, sendWithCommit } from './commitStatements';

const VERSION = 'commit_statements_test';
const bump = `insert into "data_versions" ("name", "version") values ('${VERSION}', 1) on conflict ("name") do update set "version" = "data_versions"."version" + 1`;

describe('statements sent with the COMMIT', () => {
  let database: TestDatabase;
  /** One connection, so a connection a failure left behind is the next transaction's. */
  let single: Knex;

  beforeAll(async () => {
    database = await createTestDatabase({ demo: false });
    const { config } = database.db.client as { config: Knex.Config };
    single =
      database.db.client.config.client === 'pg' ? commitWithStatements(knexFactory({ ...config, pool: { min: 0, max: 1 } })) : database.db;
  });
  afterAll(async () => {
    if (single !== database.db) await single.destroy();
    await database.drop();
  });

  const onPostgres = () => database.db.client.config.client === 'pg';
  const versionOf = async (db: Knex) =>
    Number(
      ((await db('data_versions').where('name', VERSION).first('version')) as { version?: number | string } | undefined)?.version ?? 0,
    );

  it('commits them with the transaction, in the COMMIT’s round trip on PostgreSQL', async () => {
    const before = await versionOf(single);
    const statements = await statementsOf(single, () =>
      single.transaction(async (trx) => {
        await sendWithCommit(trx, bump);
        await sendWithCommit(trx, bump);
        // Not yet run on PostgreSQL: the transaction does not see them.
        expect(await versionOf(trx)).toBe(onPostgres() ? before : before + 2);
      }),
    );
    expect(await versionOf(single)).toBe(before + 2);
    if (onPostgres()) expect(statements.at(-1)).toBe(`${bump};\n${bump};\nCOMMIT;`);
  });

  it('sends nothing for a transaction rolled back', async () => {
    const before = await versionOf(single);
    const failed = single.transaction(async (trx) => {
      await sendWithCommit(trx, bump);
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    expect(await versionOf(single)).toBe(before);
  });

  it('rolls the transaction back when one of them fails, and leaves its connection clean', async () => {
    const before = await versionOf(single);
    const failed = single.transaction(async (trx) => {
      await trx('data_versions').insert({ name: `${VERSION}_written`, version: 1 });
      await sendWithCommit(trx, bump);
      await sendWithCommit(trx, 'insert into "no_such_table" ("id") values (1)');
    });
    await expect(failed).rejects.toThrow(/no_such_table/);
    expect(await single('data_versions').where('name', `${VERSION}_written`)).toEqual([]);
    expect(await versionOf(single)).toBe(before);
    // The one connection is in no transaction, aborted or not: the next commits.
    await single.transaction((trx) => sendWithCommit(trx, bump));
    expect(await versionOf(single)).toBe(before + 1);
  });

  const VALUED = `${VERSION}_valued`;
  const insertValued = 'insert into "data_versions" ("name", "version") values (?, ?)';
  const valued = async (db: Knex) =>
    (await db('data_versions').where('name', 'like', `${VALUED}%`).orderBy('name').pluck('name')) as string[];

  it('sends one statement with bound values first, then the texts and the COMMIT, in one round trip on PostgreSQL', async () => {
    const before = await versionOf(single);
    for (const round of [1, 2, 3]) {
      // Three times: PostgreSQL's connection names a text seen before (db/namedStatements.ts).
      const statements = await statementsOf(database.db, () =>
        database.db.transaction(async (trx) => {
          await trx.raw('select 1');
          await sendWithCommit(trx, bump);
          expect(await sendWithCommit(trx, insertValued, [`${VALUED}_${round}`, round])).toEqual(
            onPostgres() ? undefined : expect.anything(),
          );
          await sendWithCommit(trx, bump);
        }),
      );
      // Nothing goes after the statement with values: the texts and the COMMIT went with it.
      if (onPostgres()) expect(statements.slice(1)).toEqual(['insert into "data_versions" ("name", "version") values ($1, $2)']);
    }
    expect(await valued(single)).toEqual([`${VALUED}_1`, `${VALUED}_2`, `${VALUED}_3`]);
    expect(await versionOf(single)).toBe(before + 6);
  });

  it('rolls it all back when the statement with values or a text after it fails, and leaves the connection clean', async () => {
    const before = await versionOf(single);
    const failedFirst = single.transaction(async (trx) => {
      await trx('data_versions').insert({ name: `${VALUED}_written`, version: 1 });
      await sendWithCommit(trx, 'insert into "no_such_table" ("id") values (?)', [1]);
      await sendWithCommit(trx, bump);
    });
    await expect(failedFirst).rejects.toThrow(/no_such_table/);
    const failedAfter = single.transaction(async (trx) => {
      await trx('data_versions').insert({ name: `${VALUED}_written`, version: 1 });
      await sendWithCommit(trx, insertValued, [`${VALUED}_before_failure`, 1]);
      await sendWithCommit(trx, 'insert into "no_such_table" ("id") values (1)');
    });
    await expect(failedAfter).rejects.toThrow(/no_such_table/);
    expect(await valued(single)).toEqual([`${VALUED}_1`, `${VALUED}_2`, `${VALUED}_3`]);
    expect(await versionOf(single)).toBe(before);
    await single.transaction((trx) => sendWithCommit(trx, insertValued, [`${VALUED}_4`, 4]));
    expect(await valued(single)).toContain(`${VALUED}_4`);
  });

  it('takes one statement with bound values at most', async () => {
    const twice = single.transaction(async (trx) => {
      await sendWithCommit(trx, insertValued, [`${VALUED}_twice_1`, 1]);
      await sendWithCommit(trx, insertValued, [`${VALUED}_twice_2`, 1]);
    });
    if (onPostgres()) await expect(twice).rejects.toThrow('one statement with bound values at most');
    else await twice;
  });

  it('runs them at once in a savepoint, whose rollback takes them with it', async () => {
    const before = await versionOf(single);
    const statements = await statementsOf(single, () =>
      single.transaction(async (trx) => {
        await trx.transaction((inner) => sendWithCommit(inner, bump));
        expect(await versionOf(trx)).toBe(before + 1);
        await expect(
          trx.transaction(async (inner) => {
            await sendWithCommit(inner, bump);
            throw new Error('the savepoint failed');
          }),
        ).rejects.toThrow('the savepoint failed');
        expect(await versionOf(trx)).toBe(before + 1);
      }),
    );
    expect(await versionOf(single)).toBe(before + 1);
    expect(statements.filter((sql) => sql === bump)).toHaveLength(2);
    expect(statements.at(-1)).toMatch(/^COMMIT;?$/);
  });
});
