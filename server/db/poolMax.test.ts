import { afterEach, describe, expect, it } from 'vitest';
import { connect, poolMax } from './connect';

describe('DATABASE_POOL_MAX', () => {
  const saved = process.env['DATABASE_POOL_MAX'];
  afterEach(() => {
    if (saved === undefined) delete process.env['DATABASE_POOL_MAX'];
    else process.env['DATABASE_POOL_MAX'] = saved;
  });

  it.each([
    { given: undefined, want: 20 },
    { given: '', want: 20 },
    { given: '1', want: 1 },
    { given: '32', want: 32 },
  ])('gives $want connections for $given', ({ given, want }) => {
    expect(poolMax(given)).toBe(want);
  });

  it.each(['0', '-4', '2.5', 'ten'])('refuses %s at start-up, naming the setting', (given) => {
    expect(() => poolMax(given)).toThrow(`DATABASE_POOL_MAX must be a whole number of at least 1, not ${given}`);
  });

  it("sizes a PostgreSQL Knex's pool by it (no connection is made until a query)", async () => {
    process.env['DATABASE_POOL_MAX'] = '7';
    const db = connect('postgres://postgres@127.0.0.1:5432/unused');
    try {
      expect((db.client.config as { pool: { max: number } }).pool.max).toBe(7);
    } finally {
      await db.destroy();
    }
  });
});
