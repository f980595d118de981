import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../generated/operations';
import type { SessionUser } from '../modules/auth/sessionUser';
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

// An update finds its record within the operation's scope first, as a get does.
describe('generic update: scope', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const feedUpdate: GenericMeta = {
    kind: 'update',
    entity: 'feed',
    fields: ['id', 'name'],
    expand: [],
    sort: [],
    filters: [],
    scope: { kind: 'tree', field: 'organisation' },
    write: { fields: ['name'], unique: [], requires: {} },
  };
  const userIn = async (organisationId: number) => {
    const organisation = await database.db('organisations').where('id', organisationId).first();
    return { organisation, treeScope: 'subtree' } as unknown as SessionUser;
  };

  it("answers 404 for a record outside the caller's subtree, and updates one inside it", async () => {
    const feed = await database.db('feeds').orderBy('id').first();
    const owner = await userIn(Number(feed.organisation_id));
    // Neither in the owner's subtree nor above it (an ancestor's subtree holds the feed).
    const all = (await database.db('organisations').select('id', 'tree_path')) as { id: number; tree_path: string }[];
    const path = owner.organisation.tree_path;
    const outsider = all.find((organisation) => !organisation.tree_path.startsWith(path) && !path.startsWith(organisation.tree_path));
    const input = { params: { id: feed.id }, query: {}, body: { name: 'Renamed feed' } };
    expect(outsider).toBeDefined();
    if (outsider) {
      const problem = await genericUpdate(database.db, feedUpdate, { ...input, user: await userIn(outsider.id) }).catch((error: unknown) => error);
      expect(problem).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await genericUpdate(database.db, feedUpdate, { ...input, user: owner })).toMatchObject({ id: feed.id, name: 'Renamed feed' });
  });
});
