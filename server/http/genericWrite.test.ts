import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../generated/operations';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { genericCreate, genericUpdate } from './genericWrite';
import type { GenericMeta } from './operationDef';
import { HttpProblem } from './problem';

// The database's unique index is the last word: a duplicate the check did not see (a race, or
// a unique field the spec did not mark) is the same 409 problem, never a 500.
describe('generic writes: a unique violation of the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const metaOf = (id: string): GenericMeta => {
    const meta = operations.find((operation) => operation.id === id)!.generic!;
    // Without the check before writing, only the index stands in the way.
    return { ...meta, write: { ...meta.write!, unique: [] } };
  };

  const problemOf = async (write: Promise<unknown>) => {
    const error: unknown = await write.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpProblem);
    return error as HttpProblem;
  };

  it('answers 409 duplicate_value on create and update', async () => {
    const input = { params: {}, query: {}, user: undefined };
    const created = await problemOf(genericCreate(database.db, metaOf('createProductGroup'), { ...input, body: { name: 'Zoom add-ons' } }));
    expect([created.status, created.code]).toEqual([409, 'duplicate_value']);
    // The field is read from the column the database names.
    expect(created.extra.parameter).toBe('name');
    const updated = await problemOf(genericUpdate(database.db, metaOf('updateProductGroup'), { ...input, params: { id: 1 }, body: { name: 'Zoom add-ons' } }));
    expect([updated.status, updated.code]).toEqual([409, 'duplicate_value']);
  });
});
