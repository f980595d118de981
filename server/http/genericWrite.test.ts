import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../generated/operations';
import type { SessionUser } from '../modules/auth/sessionUser';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase';
import { genericCreate, genericUpdate } from './genericWrite';
import type { GenericMeta } from './operationDef';
import { HttpProblem } from './problem';
import { asWrite } from '../testing/writeContext';

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

  const metaOf = (id: string): GenericMeta => operations.find((operation) => operation.id === id)!.generic!;

  const problemOf = async (write: Promise<unknown>) => {
    const error = await write;
    expect(error).toBeInstanceOf(HttpProblem);
    return error as HttpProblem;
  };

  it('answers 409 duplicate_value on create and update', async () => {
    const input = { params: {}, query: {}, user: undefined };
    // In another case than the stored "Zoom add-ons": the index is on the lowered name.
    const created = await problemOf(
      asWrite(database.db, undefined, (context) =>
        genericCreate(context, metaOf('createProductGroup'), { ...input, body: { name: 'ZOOM add-ons ' } }),
      ),
    );
    expect([created.status, created.code]).toEqual([409, 'duplicate_value']);
    // The field is read from the column the database names.
    expect(created.extra.parameter).toBe('name');
    // No operation of the spec updates product groups generically any more (their update clears
    // related groups by hand, 002 §4): the same write as an update, through the create's meta.
    const updateMeta = { ...metaOf('createProductGroup'), kind: 'update' as const };
    const updated = await problemOf(
      asWrite(database.db, undefined, (context) =>
        genericUpdate(context, updateMeta, { ...input, params: { id: 1 }, body: { name: 'Zoom add-ons' } }),
      ),
    );
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
    write: { fields: ['name'], requires: {} },
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
      const user = await userIn(outsider.id);
      const problem = await asWrite(database.db, user, (context) => genericUpdate(context, feedUpdate, { ...input, user }));
      expect(problem).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await asWrite(database.db, owner, (context) => genericUpdate(context, feedUpdate, { ...input, user: owner }))).toMatchObject({
      id: feed.id,
      name: 'Renamed feed',
    });
  });
});

// A scoped write may not place a record where its writer could not see it: the organisation a
// body names must lie in the caller's tree (below it, for a children-only grant).
describe('generic create and update: the written record stays in scope', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const feedWrite = (kind: 'create' | 'update'): GenericMeta => ({
    kind,
    entity: 'feed',
    fields: ['id', 'name'],
    expand: [],
    sort: [],
    filters: [],
    scope: { kind: 'tree', field: 'organisation' },
    write: { fields: ['name', 'organisation'], requires: {} },
  });
  // Reseller Partners UK (2) has Customer Co (3) below it; Other Reseller (5) is beside it.
  const resellerUser = async (treeScope: 'subtree' | 'children') => {
    const organisation = await database.db('organisations').where('id', 2).first();
    return { id: 1, organisation, treeScope } as unknown as SessionUser;
  };
  const feedCount = async () => Number(((await database.db('feeds').count({ n: '*' }).first()) as { n: number | string }).n);
  const create = async (organisation: number, treeScope: 'subtree' | 'children') => {
    const user = await resellerUser(treeScope);
    return asWrite(database.db, user, (context) =>
      genericCreate(context, feedWrite('create'), {
        params: {},
        query: {},
        user,
        body: { name: `Feed for ${organisation} ${treeScope}`, organisation },
      }),
    );
  };

  it('creates in the subtree, and refuses beside it with 422 outside_scope, writing nothing', async () => {
    expect(await create(3, 'subtree')).toMatchObject({ name: 'Feed for 3 subtree' });
    expect(await create(2, 'subtree')).toMatchObject({ name: 'Feed for 2 subtree' });
    const before = await feedCount();
    expect(await create(5, 'subtree')).toMatchObject({ status: 422, code: 'outside_scope', extra: { parameter: 'organisation' } });
    expect(await feedCount()).toBe(before);
  });

  it("refuses the caller's own organisation for a children-only grant", async () => {
    expect(await create(2, 'children')).toMatchObject({ status: 422, code: 'outside_scope' });
    expect(await create(3, 'children')).toMatchObject({ name: 'Feed for 3 children' });
  });

  it('refuses an update that would move the record out of scope, and keeps it as it was', async () => {
    // The feed the first test created below the reseller.
    const feed = (await database.db('feeds').where({ organisation_id: 3, name: 'Feed for 3 subtree' }).first()) as { id: number };
    const user = await resellerUser('subtree');
    const moved = await asWrite(database.db, user, (context) =>
      genericUpdate(context, feedWrite('update'), { params: { id: feed.id }, query: {}, user, body: { organisation: 5 } }),
    );
    expect(moved).toMatchObject({ status: 422, code: 'outside_scope' });
    expect(Number(((await database.db('feeds').where('id', feed.id).first()) as { organisation_id: number }).organisation_id)).toBe(3);
  });
});
