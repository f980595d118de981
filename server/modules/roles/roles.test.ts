import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, RoleRow } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

describe('roles', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [root, resellerAdmin, buyer] = [server.client(), server.client(), server.client()];
    await root.login('admin@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
    await buyer.login('buyer@customer.example');
  });
  afterAll(async () => {
    await server.close();
  });

  const names = (rows: RoleRow[]) => rows.map((row) => row.name);

  it('lists the non-template roles in scope by name, with their organisation and paging headers', async () => {
    const response = await root.get<RoleRow[]>('/api/v1/roles');
    expect(names(response.body)).toEqual(['Buyer', 'Checkout only', 'Order viewer']);
    expect(response.body.every((row) => !row.template)).toBe(true);
    expect(response.body[0]?.organisation).toMatchObject({ id: 3, name: 'Customer Co Ltd' });
    expect(response.headers.get('x-total-count')).toBe('3');
    const paged = await root.get<RoleRow[]>('/api/v1/roles?per_page=1&page=3');
    expect(paged.headers.get('x-total-pages')).toBe('3');
    expect(names(paged.body)).toEqual(['Order viewer']);
    expect(names((await root.get<RoleRow[]>('/api/v1/roles?sort_by=-name')).body)).toEqual(['Order viewer', 'Checkout only', 'Buyer']);
  });

  it('filters by name text and organisation subtree', async () => {
    expect(names((await root.get<RoleRow[]>('/api/v1/roles?text=VIEW')).body)).toEqual(['Order viewer']);
    expect(names((await root.get<RoleRow[]>('/api/v1/roles?organisation=4')).body)).toEqual(['Order viewer']);
    expect(names((await root.get<RoleRow[]>('/api/v1/roles?organisation=5')).body)).toEqual([]);
  });

  it("keeps the other reseller's roles from a reseller admin", async () => {
    await writeVersionedRows(server.db, (trx) =>
      trx('roles').insert({ id: 50, name: 'Other sales desk', organisation_id: 5, template: false }),
    );
    try {
      expect(names((await root.get<RoleRow[]>('/api/v1/roles')).body)).toContain('Other sales desk');
      expect(names((await resellerAdmin.get<RoleRow[]>('/api/v1/roles')).body)).toEqual(['Buyer', 'Checkout only', 'Order viewer']);
      expect((await resellerAdmin.get('/api/v1/roles/50')).status).toBe(404);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('roles').where('id', 50).delete());
    }
  });

  it('lists the template roles apart, to anyone who may view roles', async () => {
    const templates = await resellerAdmin.get<RoleRow[]>('/api/v1/roles/templates');
    expect(names(templates.body)).toEqual(['Customer buyer', 'Reseller sales']);
    expect(templates.body.every((row) => row.template)).toBe(true);
    expect(names((await root.get<RoleRow[]>('/api/v1/roles/templates?text=sales')).body)).toEqual(['Reseller sales']);
  });

  it('reads a role with who created it, 404 outside the scope, 403 without role:view', async () => {
    const role = await resellerAdmin.get<Role>('/api/v1/roles/1');
    expect(role.body).toMatchObject({ id: 1, name: 'Buyer', created_by: { id: 1, name: 'Sam Supplier' }, created_at: expect.any(String) });
    expect((await resellerAdmin.get('/api/v1/roles/2')).status).toBe(200);
    expect((await buyer.get('/api/v1/roles')).status).toBe(403);
    expect((await buyer.get('/api/v1/roles/templates')).status).toBe(403);
    expect((await buyer.get('/api/v1/roles/1')).status).toBe(403);
  });

  it('reads a template role for anyone who may list templates, but no other role outside the subtree', async () => {
    // Templates 3 and 4 belong to the supplier, above the reseller admin's subtree.
    const template = await resellerAdmin.get<Role>('/api/v1/roles/3');
    expect(template.status).toBe(200);
    expect(template.body).toMatchObject({ id: 3, name: 'Reseller sales', template: true, organisation: { id: 1 } });
    const listed = (await resellerAdmin.get<RoleRow[]>('/api/v1/roles/templates')).body;
    for (const row of listed) expect((await resellerAdmin.get(`/api/v1/roles/${row.id}`)).status).toBe(200);
    await writeVersionedRows(server.db, (trx) =>
      trx('roles').insert({ id: 51, name: 'Supplier staff', organisation_id: 1, template: false }),
    );
    try {
      expect((await resellerAdmin.get('/api/v1/roles/51')).status).toBe(404);
      expect((await root.get('/api/v1/roles/51')).status).toBe(200);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('roles').where('id', 51).delete());
    }
    expect((await buyer.get('/api/v1/roles/3')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/roles/999')).status).toBe(404);
  });
});
