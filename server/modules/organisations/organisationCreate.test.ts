import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation, OrganisationRow } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { grantPermission } from '../../testing/grantPermission';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

interface Problem {
  code: string;
  parameter?: string;
}

const SUPPLIER = 1;
const RESELLER = 2;
const CUSTOMER = 3;
const OTHER_RESELLER = 5;
/** Each parent's account manager (seeds/demo/backoffice.ts): a new organisation's supplier account manager is one of them. */
const MANAGER_OF: Record<number, number> = { [SUPPLIER]: 1, [RESELLER]: 3, [CUSTOMER]: 5, [OTHER_RESELLER]: 4 };

// 002 §2.3, §2.4, §4, §5: organisation:modify in an organisation that can create resellers
// creates organisations under a parent of its own subtree.
describe('organisation create', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A create with the parent's first account manager as the supplier's, unless the body names one. */
  const create = (body: Record<string, unknown>, client: TestClient = callers.resellerAdmin) =>
    client.post<Organisation & Problem>('/api/v1/organisations', {
      supplier_account_manager: MANAGER_OF[body['parent'] as number] ?? null,
      ...body,
    });
  const treeOf = async (id: number) =>
    (await server.db('organisations').where('id', id).first('tree_path', 'depth')) as { tree_path: string; depth: number };

  it('creates a child of the parent, placed in the tree below it, and answers 201 with the record', async () => {
    const response = await create({ name: 'Northern Customer', parent: CUSTOMER, currency: 'EUR', admin_email: 'it@northern.example' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Northern Customer',
      parent: { id: CUSTOMER, name: 'Customer Co Ltd' },
      supplier_account_manager: { id: 5, account_manager_name: 'Carla Cooper' },
      depth: 3,
      currency: 'EUR',
      status: 'ENABLED',
      can_create_resellers: false,
      admin_email: 'it@northern.example',
      subscribed_modules: ['WEBSTORE'],
      preferred_language: 'en',
      user_inactivity_timeout: 86400,
    });
    const id = response.body.id;
    expect(await treeOf(id)).toMatchObject({ tree_path: `/1/2/3/${id}/` });
    // It is in the creator's subtree lists and a child of its parent.
    const children = await callers.resellerAdmin.get<OrganisationRow[]>(`/api/v1/organisations/${CUSTOMER}/children`);
    expect(children.body.map((row) => row.id)).toContain(id);
    const tree = await callers.resellerAdmin.get<OrganisationRow[]>('/api/v1/organisations?per_page=1000');
    expect(tree.body.map((row) => row.id)).toContain(id);
  });

  it('may use its own organisation as the parent', async () => {
    const response = await create({ name: 'Direct Customer', parent: RESELLER });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ parent: { id: RESELLER }, depth: 2 });
  });

  it('clears the PO rules of an organisation that creates resellers', async () => {
    const response = await create({
      name: 'Sub Reseller',
      parent: RESELLER,
      can_create_resellers: true,
      po_number_required: true,
      force_po_uniqueness: true,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ can_create_resellers: true, po_number_required: false, force_po_uniqueness: false });
    const kept = await create({ name: 'PO Customer', parent: RESELLER, po_number_required: true, force_po_uniqueness: true });
    expect(kept.body).toMatchObject({ po_number_required: true, force_po_uniqueness: true });
  });

  it('refuses a parent outside the caller’s subtree, or none that exists, with 422 outside_scope and writes nothing', async () => {
    for (const parent of [OTHER_RESELLER, SUPPLIER, 9999]) {
      const response = await create({ name: `Elsewhere ${parent}`, parent });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'outside_scope', parameter: 'parent' });
    }
    expect(await server.db('organisations').where('name', 'like', 'Elsewhere%').first('id')).toBeUndefined();
  });

  it('lets root create under any organisation', async () => {
    const response = await create({ name: 'Other Branch', parent: OTHER_RESELLER }, callers.root);
    expect(response.status).toBe(201);
    expect(await treeOf(response.body.id)).toMatchObject({ tree_path: `/1/5/${response.body.id}/`, depth: 2 });
  });

  it.each([
    [{ parent: RESELLER }, 'name'],
    [{ name: '', parent: RESELLER }, 'name'],
    [{ name: 'No parent' }, 'parent'],
    [{ name: 'Null parent', parent: null }, 'parent'],
    [{ name: 'Bad currency', parent: RESELLER, currency: 'USD' }, 'currency'],
    [{ name: 'Bad status', parent: RESELLER, status: 'ARCHIVED' }, 'status'],
    [{ name: 'Bad mail', parent: RESELLER, admin_email: 'nope' }, 'admin_email'],
    [{ name: 'Bad timeout', parent: RESELLER, user_inactivity_timeout: 5 }, 'user_inactivity_timeout'],
    [{ name: 'Sneaky', parent: RESELLER, tree_path: '/1/' }, 'tree_path'],
    [{ name: 'Sneaky', parent: RESELLER, depth: 0 }, 'depth'],
  ])('refuses %j with 400 invalid_body naming %s', async (body, field) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_body', parameter: field });
  });

  it('needs organisation:modify in an organisation that can create resellers (403) and a session (401)', async () => {
    expect((await create({ name: 'Buyer org', parent: CUSTOMER }, callers.buyer)).status).toBe(403);
    expect((await create({ name: 'Anon org', parent: CUSTOMER }, server.client())).status).toBe(401);
  });
});

// An organisation that may not create resellers cannot create organisations, even for its admin
// or a user holding organisation:modify.
describe('organisation create from an organisation that cannot create resellers', () => {
  let server: TestServer;
  let sales: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    await grantPermission(server.db, 'Reseller sales', 'organisation:modify', 2);
    sales = server.client();
    await sales.login('sales@other-reseller.example');
  });
  afterAll(async () => {
    await server.close();
  });

  it('is forbidden, and allowed once the organisation can create resellers', async () => {
    const body = { name: 'Below Other', parent: OTHER_RESELLER, supplier_account_manager: 4 };
    expect((await sales.post<Problem>('/api/v1/organisations', body)).status).toBe(403);
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', OTHER_RESELLER).update({ can_create_resellers: true }));
    expect((await sales.post<Problem>('/api/v1/organisations', body)).status).toBe(201);
  });
});
