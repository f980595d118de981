import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { claimKey, IDEMPOTENCY_TTL_MS, IdempotencyRace, requestHash } from './idempotency';
import { inTransaction, SYSTEM_ACTOR } from './records';

// Claiming an Idempotency-Key: a key a twin committed a moment ago is never taken over (its answer
// is replayed); only a key older than a day is.
describe('claimKey', () => {
  let database: TestDatabase;
  let userId: number;
  const hash = requestHash('POST', '/api/v1/things', { name: 'x' });

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = Number(((await database.db('users').orderBy('id').first('id')) as { id: number }).id);
  });
  afterAll(async () => {
    await database.drop();
  });

  const claim = (key: string, now: number) =>
    inTransaction(database.db, SYSTEM_ACTOR, (records) => claimKey(records, userId, key, hash, now));

  it("meets a twin's key committed after this request looked for an answer: a race, not a takeover", async () => {
    const now = Date.now();
    const first = await claim('twin-key', now);
    await expect(claim('twin-key', now + 5)).rejects.toBeInstanceOf(IdempotencyRace);
    expect(
      (await database.db('idempotency_keys').where({ user_id: userId, key: 'twin-key' }).select('id')).map((row) => Number(row.id)),
    ).toEqual([first]);
  });

  it('takes over a key older than a day', async () => {
    const then = Date.now() - IDEMPOTENCY_TTL_MS - 1000;
    const old = await claim('old-key', then);
    const fresh = await claim('old-key', Date.now());
    expect(fresh).not.toBe(old);
    expect(await database.db('idempotency_keys').where({ user_id: userId, key: 'old-key' }).select('id')).toHaveLength(1);
  });
});
