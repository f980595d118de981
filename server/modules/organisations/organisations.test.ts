import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Organisation, OrganisationRow } from '../../generated/types';
import { signInBackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

describe('organisations', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;
  let otherSales: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    ({ root, resellerAdmin, otherSales, buyer } = await signInBackofficeCallers(server));
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (client: TestClient, query = '') => client.get<OrganisationRow[]>(`/api/v1/organisations?per_page=1000${query}`);
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

  it('shows root the whole tree by name, with depth and parent, at least four levels deep', async () => {
    const rows = (await list(root)).body;
    expect(ids(rows).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const names = rows.map((row) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Math.max(...rows.map((row) => row.depth))).toBeGreaterThanOrEqual(3);
    expect(rows.find((row) => row.id === 7)).toMatchObject({ name: 'Customer Co Branch', depth: 3, parent: 3 });
  });

  it("shows a reseller admin its subtree and not the other reseller's", async () => {
    expect(ids((await list(resellerAdmin)).body).sort()).toEqual([2, 3, 4, 7]);
    // "Reseller sales" holds organisation:view at 1, child organisations: its own (5) is not among them.
    expect(ids((await list(otherSales)).body).sort()).toEqual([6, 8]);
    expect((await otherSales.get('/api/v1/organisations/5')).status).toBe(404);
    expect((await otherSales.get('/api/v1/organisations/6')).status).toBe(200);
  });

  it('filters by name text and status, sorts descending, and pages with headers', async () => {
    expect(ids((await list(root, '&text=CUSTOMER co')).body).sort()).toEqual([3, 7]);
    // The demo's Dormant Trading Ltd (8) is disabled.
    expect(ids((await list(root, '&status=DISABLED')).body)).toEqual([8]);
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 6).update({ status: 'DISABLED' }));
    try {
      expect(ids((await list(root, '&status=DISABLED')).body).sort()).toEqual([6, 8]);
      expect(ids((await list(root, '&status=ENABLED&status=DISABLED')).body)).toHaveLength(8);
      expect(ids((await list(root, '&status=ENABLED')).body)).not.toContain(6);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 6).update({ status: 'ENABLED' }));
    }
    const descending = (await list(root, '&sort_by=-name')).body.map((row) => row.name);
    expect(descending[0]).toBe('Supplier Distribution Ltd');
    const page = await root.get<OrganisationRow[]>('/api/v1/organisations?per_page=3&page=3');
    expect(page.headers.get('x-total-count')).toBe('8');
    expect(page.headers.get('x-total-pages')).toBe('3');
    expect(page.body).toHaveLength(2);
  });

  it('answers 403 without organisation:view', async () => {
    expect((await buyer.get('/api/v1/organisations')).status).toBe(403);
    expect((await buyer.get('/api/v1/organisations/3')).status).toBe(403);
  });

  it('reads one organisation in scope with its account manager, 404 outside it', async () => {
    const reseller = await resellerAdmin.get<Organisation>('/api/v1/organisations/2');
    expect(reseller.status).toBe(200);
    expect(reseller.body).toMatchObject({
      id: 2,
      is_linked: true,
      billing_account: 'RES-1002',
      orders_require_manual_auth: true,
      order_manual_auth_limit: '5000.00',
    });
    expect(reseller.body.supplier_account_manager).toMatchObject({ account_manager_name: 'Alice Account' });
    expect((await resellerAdmin.get('/api/v1/organisations/5')).status).toBe(404);
    expect((await resellerAdmin.get('/api/v1/organisations/1')).status).toBe(404);
  });

  it("lists an organisation's addresses in scope, 404 outside it", async () => {
    const addresses = await resellerAdmin.get<Address[]>('/api/v1/organisations/2/addresses');
    expect(addresses.body.map((address) => address.name)).toEqual(['Registered office', 'Warehouse']);
    expect((await resellerAdmin.get('/api/v1/organisations/5/addresses')).status).toBe(404);
    expect((await buyer.get('/api/v1/organisations/3/addresses')).status).toBe(403);
  });
});
