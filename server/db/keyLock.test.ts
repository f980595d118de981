import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { onPostgres } from './dialect';
import { holdKey } from './keyLock';

describe('holdKey', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ demo: false });
  });
  afterAll(async () => {
    await database.drop();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** What happens, in order, when a second transaction asks for `second` while a first holds `first`. */
  async function whileHeld(first: string, second: string): Promise<string[]> {
    const events: string[] = [];
    let held!: () => void;
    const firstHolds = new Promise<void>((resolve) => (held = resolve));
    const one = database.db.transaction(async (trx) => {
      await holdKey(trx, first);
      held();
      await pause(200);
      events.push('first commits');
    });
    await firstHolds;
    const two = database.db.transaction(async (trx) => {
      await holdKey(trx, second);
      events.push('second holds');
    });
    await Promise.all([one, two]);
    return events;
  }

  it('makes a second transaction holding the same key wait until the first has ended', async () => {
    expect(await whileHeld('test key', 'test key')).toEqual(['first commits', 'second holds']);
  });

  it('lets a transaction holding another key go on (PostgreSQL; SQLite runs its write transactions one at a time)', async () => {
    const events = await whileHeld('test key', 'another key');
    expect(events).toEqual(onPostgres(database.db) ? ['second holds', 'first commits'] : ['first commits', 'second holds']);
  });

  it('holds keys only for a transaction', async () => {
    await expect(holdKey(database.db, 'test key')).rejects.toThrow(/holds a key for a transaction/);
  });
});
