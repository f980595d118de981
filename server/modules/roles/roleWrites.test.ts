import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { grantPermission } from '../../testing/grantPermission';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

// POST /roles and POST /roles/{id}/duplicate (002 §2.8, §4, §5, §6).
describe('role writes', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const permissionsOf = async (roleId: number) =>
    (
      (await server.db('role_permissions').where('role_id', roleId).orderBy('permission_id').select('permission_id', 'value')) as {
        permission_id: number;
        value: unknown;
      }[]
    ).map((row) => [Number(row.permission_id), Number(row.value)]);
  const roleCount = async () => Number(((await server.db('roles').count({ n: '*' })) as { n: unknown }[])[0]!.n);

  it('creates a role in the caller tree, filling who made it and when, and opens it', async () => {
    const before = Date.now();
    const response = await callers.resellerAdmin.post<Role>('/api/v1/roles', { name: 'Warehouse desk', organisation: 3 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Warehouse desk',
      template: false,
      organisation: { id: 3 },
      created_by: { name: expect.any(String) },
    });
    expect(Date.parse(response.body.created_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.updated_at).toBe(response.body.created_at);
    expect((await callers.resellerAdmin.get<Role>(`/api/v1/roles/${response.body.id}`)).body.name).toBe('Warehouse desk');
  });

  it('refuses an organisation outside the tree (422 outside_scope) or none, writing nothing', async () => {
    const count = await roleCount();
    const outside = await callers.resellerAdmin.post<{ code: string; parameter: string }>('/api/v1/roles', {
      name: 'Elsewhere',
      organisation: 5,
    });
    expect(outside.status).toBe(422);
    expect(outside.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
    expect((await callers.resellerAdmin.post('/api/v1/roles', { name: 'Above', organisation: 1 })).status).toBe(422);
    expect((await callers.resellerAdmin.post('/api/v1/roles', { name: 'Missing', organisation: 999 })).status).toBe(422);
    const none = await callers.root.post<{ code: string; parameter: string }>('/api/v1/roles', { name: 'Nowhere', organisation: null });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'invalid_body', parameter: 'organisation' });
    expect(await roleCount()).toBe(count);
  });

  it('lets only root admins make template roles (403 forbidden_field otherwise)', async () => {
    const refused = await callers.resellerAdmin.post<{ code: string; parameter: string }>('/api/v1/roles', {
      name: 'My template',
      organisation: 2,
      template: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden_field', parameter: 'template' });
    const made = await callers.root.post<Role>('/api/v1/roles', { name: 'Supplier template', organisation: 1, template: true });
    expect(made.status).toBe(201);
    expect(made.body.template).toBe(true);
  });

  it('keeps a children-only grant of role:modify (value 1) to the organisations below the caller', async () => {
    // The other reseller's sales user holds the template role "Reseller sales".
    const revoke = await grantPermission(server.db, 'Reseller sales', 'role:modify', 1);
    try {
      const own = await callers.otherSales.post<{ code: string }>('/api/v1/roles', { name: 'Own desk', organisation: 5 });
      expect(own.status).toBe(422);
      expect(own.body.code).toBe('outside_scope');
      expect((await callers.otherSales.post('/api/v1/roles', { name: 'Customer desk', organisation: 6 })).status).toBe(201);
    } finally {
      await revoke();
    }
  });

  it('needs role:modify, and a name of at most 100 characters', async () => {
    expect((await callers.buyer.post('/api/v1/roles', { name: 'No', organisation: 3 })).status).toBe(403);
    expect((await callers.otherSales.post('/api/v1/roles', { name: 'No', organisation: 6 })).status).toBe(403);
    expect((await callers.root.post('/api/v1/roles', { name: 'x'.repeat(101), organisation: 1 })).status).toBe(400);
    expect((await callers.root.post('/api/v1/roles', { organisation: 1 })).status).toBe(400);
  });

  it('duplicates a role with its permissions into a new one, leaving the source as it was', async () => {
    const source = await permissionsOf(1);
    expect(source.length).toBeGreaterThan(1);
    const response = await callers.resellerAdmin.post<Role>('/api/v1/roles/1/duplicate', { name: 'Copy of Buyer', organisation: 7 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Copy of Buyer', organisation: { id: 7 }, template: false });
    expect(response.body.id).not.toBe(1);
    expect(await permissionsOf(response.body.id)).toEqual(source);
    expect(await permissionsOf(1)).toEqual(source);
  });

  it('duplicates a template role for anyone who may open it, but makes a template only for root admins', async () => {
    const copy = await callers.resellerAdmin.post<Role>('/api/v1/roles/3/duplicate', { name: 'Our sales', organisation: 2 });
    expect(copy.status).toBe(201);
    expect(await permissionsOf(copy.body.id)).toEqual(await permissionsOf(3));
    expect(
      (await callers.resellerAdmin.post('/api/v1/roles/3/duplicate', { name: 'Our template', organisation: 2, template: true })).status,
    ).toBe(403);
  });

  it('answers 404 for a source the caller may not open, and writes nothing when the copy is refused', async () => {
    await writeVersionedRows(server.db, (trx) => trx('roles').insert({ id: 60, name: 'Other desk', organisation_id: 5, template: false }));
    const count = await roleCount();
    expect((await callers.resellerAdmin.post('/api/v1/roles/60/duplicate', { name: 'Stolen', organisation: 2 })).status).toBe(404);
    expect((await callers.root.post('/api/v1/roles/9999/duplicate', { name: 'Ghost', organisation: 1 })).status).toBe(404);
    expect((await callers.resellerAdmin.post('/api/v1/roles/1/duplicate', { name: 'Moved', organisation: 5 })).status).toBe(422);
    expect((await callers.buyer.post('/api/v1/roles/1/duplicate', { name: 'Mine', organisation: 3 })).status).toBe(403);
    expect(await roleCount()).toBe(count);
  });
});
