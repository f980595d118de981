import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { deferBegin } from './deferredBegin';

const NAME = 'deferred_begin_test';
const written = (suffix: string) => `insert into "data_versions" ("name", "version") values ('${NAME}_${suffix}', 1)`;

// PostgreSQL only: SQLite's transactions are in-process, and its Knex is not given deferBegin.
describe.runIf(process.env['TEST_DATABASE_URL']?.startsWith('postgres'))('BEGIN sent with the first statement', () => {
  let database: TestDatabase;
  /** One connection, so a connection a transaction left behind is the next one's. */
  let single: Knex;
  /** The texts the one connection sent to PostgreSQL, each a round trip. */
  const sent: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ demo: false });
    const { config } = database.db.client as { config: Knex.Config };
    single = deferBegin(
      knexFactory({
        ...config,
        pool: {
          min: 0,
          max: 1,
          afterCreate: (connection: { query: (...args: unknown[]) => unknown }, done: (error: null, connection: unknown) => void) => {
            const query = connection.query.bind(connection);
            connection.query = (config: unknown, ...rest: unknown[]) => {
              sent.push(typeof config === 'string' ? config : (config as { text: string }).text);
              return query(config, ...rest);
            };
            done(null, connection);
          },
        },
      }),
    );
  });
  afterAll(async () => {
    await single.destroy();
    await database.drop();
  });

  const rows = (suffix: string) => single('data_versions').where('name', `${NAME}_${suffix}`).select('version');
  const inTransaction = async <T>(work: (trx: Knex.Transaction) => Promise<T>) => {
    await single.raw('select 1');
    sent.length = 0;
    return single.transaction(work);
  };

  it('sends a first statement without bound values in the round trip of BEGIN, answered as the statement alone', async () => {
    const answer = await inTransaction((trx) => trx.raw(`${written('simple')} returning "version"`));
    expect((answer as { rows: unknown[] }).rows).toEqual([{ version: 1 }]);
    expect(sent).toEqual([`BEGIN;\n${written('simple')} returning "version"`, 'COMMIT;']);
    expect(await rows('simple')).toEqual([{ version: 1 }]);
  });

  it('answers a first text of several statements with a result each, as before', async () => {
    const answer = (await inTransaction((trx) => trx.raw('select 1 as "one";\nselect 2 as "two"'))) as { rows: unknown[] }[];
    expect(answer.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
  });

  it('sends BEGIN on its own before a first statement with bound values', async () => {
    await inTransaction((trx) => trx('data_versions').insert({ name: `${NAME}_bound`, version: 2 }));
    expect(sent).toEqual(['BEGIN;', 'insert into "data_versions" ("name", "version") values ($1, $2)', 'COMMIT;']);
    expect(await rows('bound')).toEqual([{ version: 2 }]);
  });

  it('rolls back what the first statement wrote when the work fails: the statement ran in the transaction', async () => {
    const failed = inTransaction(async (trx) => {
      await trx.raw(written('rolled_back'));
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    expect(await rows('rolled_back')).toEqual([]);
  });

  it('rolls back when the first statement fails, and leaves the connection in no transaction', async () => {
    const failed = inTransaction((trx) => trx.raw('select * from "no_such_table"'));
    await expect(failed).rejects.toThrow(/no_such_table/);
    expect(sent).toEqual(['BEGIN;\nselect * from "no_such_table"', 'ROLLBACK']);
    // Outside a transaction, this insert commits at once: the one connection was left clean.
    await single.raw(written('after_failure'));
    expect(await rows('after_failure')).toEqual([{ version: 1 }]);
  });

  it('commits a transaction that sent nothing', async () => {
    await inTransaction(async () => undefined);
    expect(sent).toEqual(['BEGIN;\nCOMMIT;']);
  });

  it('begins a transaction with an isolation level as Knex does', async () => {
    await inTransaction(async (trx) => trx.raw(written('serializable')));
    sent.length = 0;
    await single.transaction(async (trx) => trx.raw('select 1'), { isolationLevel: 'serializable' });
    expect(sent[0]).toBe('BEGIN TRANSACTION ISOLATION LEVEL serializable;');
  });

  it('begins a savepoint inside, with the statements after it as they are', async () => {
    await inTransaction(async (trx) => {
      await trx.transaction((inner) => inner.raw(written('savepoint')));
    });
    expect(sent[0]).toMatch(/^BEGIN;\nSAVEPOINT /);
    expect(await rows('savepoint')).toEqual([{ version: 1 }]);
  });
});
