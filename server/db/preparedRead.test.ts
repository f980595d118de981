import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { bumpDataVersion, readDataVersions } from '../writes/dataVersions';
import { preparedRead, type PreparedSql } from './preparedRead';

// The hot reads' statements (server/db/preparedRead.ts), on SQLite and on PostgreSQL.

const VERSION_OF: PreparedSql = {
  name: 'test_version_of',
  sqlite: 'select version from data_versions where name = ?',
  postgres: 'select version from data_versions where name = $1',
};

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await test.db.transaction((trx) => bumpDataVersion(trx, 'prepared-read-test'));
});
afterAll(async () => {
  await test.drop();
});

describe('preparedRead', () => {
  it('answers what the query builder answers, each time with the values bound then', async () => {
    const { db } = test;
    await db.transaction((trx) => bumpDataVersion(trx, 'second'));
    for (const name of ['prepared-read-test', 'second', 'prepared-read-test', 'none']) {
      const rows = await preparedRead<{ version: number | string }>(db, VERSION_OF, [name]);
      const expected = await db('data_versions').where('name', name).select('version');
      expect(rows.map((row) => Number(row.version))).toEqual(expected.map((row: { version: number | string }) => Number(row.version)));
    }
  });

  it('never reads what a transaction has not committed, and reads around it', async () => {
    const { db } = test;
    const [before] = (await readDataVersions(db)).of(['prepared-read-test']);
    let read: Promise<number[]> | undefined;
    await db
      .transaction(async (trx) => {
        await bumpDataVersion(trx, 'prepared-read-test');
        read = readDataVersions(db).then((versions) => versions.of(['prepared-read-test']));
        // Time for the read to run, were it to run inside the transaction.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await read).toEqual([before]);
  });

  it('rejects a statement the database refuses, and the next read still works', async () => {
    const { db } = test;
    const broken: PreparedSql = {
      name: 'test_broken',
      sqlite: 'select missing from no_such_table',
      postgres: 'select missing from no_such_table',
    };
    await expect(preparedRead(db, broken, [])).rejects.toThrow(/no_such_table|no such table/);
    expect((await readDataVersions(db)).of(['second'])).toEqual([1]);
  });
});

describe.runIf(!process.env['TEST_DATABASE_URL'])('preparedRead on SQLite', () => {
  it('finalizes its statements when the connection closes, so the database file is closed', async () => {
    const own = await createTestDatabase();
    const client = own.db.client as unknown as {
      acquireConnection(): Promise<{ open: boolean }>;
      releaseConnection(connection: unknown): Promise<unknown>;
    };
    await preparedRead(own.db, VERSION_OF, ['x']);
    const connection = await client.acquireConnection();
    await client.releaseConnection(connection);
    expect(connection.open).toBe(true);
    await own.drop();
    // SQLite refuses to close a connection with statements left (SQLITE_BUSY), and the pool says nothing.
    expect(connection.open).toBe(false);
  });
});
