import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRef, Role, RolePermission } from '../../generated/types';
import { grantPermission } from '../../testing/grantPermission';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { OTHER_RESELLER_SALES, ROOT_ADMIN, signedIn } from '../../testing/testUsers';

interface Problem {
  code: string;
  message_key: string;
  parameter?: string;
}

/**
 * Issue 22 item 3: nobody grants a permission, or a wider value (2 over 1), than they hold
 * themselves (002 §6: an admin holds every permission). Olly (Reseller sales, at Other Reseller)
 * gets role:modify and role:view at 1 (child organisations) and holds order:view at 2 and
 * organisation:view at 1; he edits a role of Other Customer, his child organisation.
 */
describe('granting no more than one holds (PUT /roles/{id}, POST /roles/{id}/duplicate)', () => {
  let server: TestServer;
  let olly: TestClient;
  let rootAdmin: TestClient;
  let catalogue: PermissionRef[];
  let roleId: number;
  const undo: (() => Promise<void>)[] = [];

  const permissionId = (name: string) => catalogue.find((permission) => permission.name === name)!.id;
  const grants = async (id: number) =>
    Object.fromEntries(
      (await rootAdmin.get<RolePermission[]>(`/api/v1/roles/${id}/permissions`)).body.map((grant) => [grant.permission!.name, grant.value]),
    );
  const save = (client: TestClient, id: number, permissions: [string, 0 | 1 | 2][]) =>
    client.send<Problem>('PUT', `/api/v1/roles/${id}`, {
      name: 'Customer staff',
      permissions: permissions.map(([name, value]) => ({ permission: permissionId(name), value })),
    });

  beforeAll(async () => {
    server = await startTestServer();
    undo.push(
      await grantPermission(server.db, 'Reseller sales', 'role:modify', 1),
      await grantPermission(server.db, 'Reseller sales', 'role:view', 1),
    );
    olly = await signedIn(server, OTHER_RESELLER_SALES);
    rootAdmin = await signedIn(server, ROOT_ADMIN);
    catalogue = (await rootAdmin.get<PermissionRef[]>('/api/v1/permissions')).body;
    const otherCustomer = (await server.db('organisations').where('name', 'like', 'Other Customer%').first('id')) as { id: number };
    const created = await olly.post<Role>('/api/v1/roles', { name: 'Customer staff', organisation: otherCustomer.id });
    expect(created.status).toBe(201);
    roleId = created.body.id;
  });
  afterAll(async () => {
    for (const step of undo) await step();
    await server.close();
  });

  it('lets a user grant what they hold, at up to the value they hold', async () => {
    expect(
      (
        await save(olly, roleId, [
          ['order:view', 2],
          ['organisation:view', 1],
        ])
      ).status,
    ).toBe(200);
    expect(await grants(roleId)).toMatchObject({ 'order:view': 2, 'organisation:view': 1 });
  });

  it('refuses a permission the caller does not hold (403 permission_not_held), changing nothing', async () => {
    const refused = await save(olly, roleId, [
      ['order:view', 1],
      ['user:admin', 2],
    ]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'permission_not_held',
      message_key: 'problem.permission_not_held',
      parameter: 'permissions',
    });
    expect(await grants(roleId)).not.toHaveProperty('user:admin');
    // The whole save is refused: the order:view change in the same body did not land.
    expect((await grants(roleId))['order:view']).toBe(2);
  });

  it('refuses a wider value than the caller holds (2 over 1)', async () => {
    const refused = await save(olly, roleId, [['organisation:view', 2]]);
    expect([refused.status, refused.body.code]).toEqual([403, 'permission_not_held']);
    expect((await grants(roleId))['organisation:view']).toBe(1);
  });

  it('lets an admin grant anything (002 §6: an admin holds every permission), and anyone narrow or remove a grant', async () => {
    expect(
      (
        await save(rootAdmin, roleId, [
          ['user:admin', 2],
          ['invoice:view', 2],
        ])
      ).status,
    ).toBe(200);
    // Narrowing or taking away widens nobody's rights: Olly may do it without holding them.
    expect(
      (
        await save(olly, roleId, [
          ['user:admin', 1],
          ['invoice:view', 0],
        ])
      ).status,
    ).toBe(200);
    expect(await grants(roleId)).toMatchObject({ 'user:admin': 1 });
    expect(await grants(roleId)).not.toHaveProperty('invoice:view');
    // …but not widen it back.
    expect((await save(olly, roleId, [['user:admin', 2]])).body.code).toBe('permission_not_held');
  });

  it('refuses duplicating a role that holds more than the caller', async () => {
    const source = (await rootAdmin.get<Role>(`/api/v1/roles/${roleId}`)).body;
    const copy = await olly.post<Problem>(`/api/v1/roles/${roleId}/duplicate`, { name: 'Copy', organisation: source.organisation!.id });
    expect([copy.status, copy.body.code]).toEqual([403, 'permission_not_held']);
    expect(await server.db('roles').where('name', 'Copy').first('id')).toBeUndefined();
    // An admin holds everything, so the same copy is theirs to make.
    expect(
      (await rootAdmin.post(`/api/v1/roles/${roleId}/duplicate`, { name: 'Copy', organisation: source.organisation!.id })).status,
    ).toBe(201);
  });
});
