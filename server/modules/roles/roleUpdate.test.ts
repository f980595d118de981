import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, PermissionRef, Role, RolePermission } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { signedIn } from '../../testing/testUsers';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

interface Problem {
  code: string;
}

// The role editor (002 §2.8): name and permissions saved with PUT /roles/{id}.
describe('role update', () => {
  let server: TestServer;
  let callers: BackofficeCallers;
  let catalogue: PermissionRef[];

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
    catalogue = (await callers.resellerAdmin.get<PermissionRef[]>('/api/v1/permissions')).body;
  });
  afterAll(async () => {
    await server.close();
  });

  const permissionId = (name: string) => catalogue.find((permission) => permission.name === name)!.id;
  const grants = async (roleId: number) =>
    Object.fromEntries(
      (await callers.resellerAdmin.get<RolePermission[]>(`/api/v1/roles/${roleId}/permissions`)).body.map((grant) => [
        grant.permission!.name,
        grant.value,
      ]),
    );

  it('offers the whole permission catalogue', () => {
    expect(catalogue.map((permission) => permission.name)).toEqual(expect.arrayContaining(['order:view', 'role:modify', 'site:view']));
    expect(catalogue.find((permission) => permission.name === 'site:view')?.module).toBe('DOVETAIL');
  });

  it('sets, changes and removes grants and renames, as one audited change', async () => {
    const read = await callers.resellerAdmin.get<Role>('/api/v1/roles/1');
    const saved = await callers.resellerAdmin.request<Role>(
      'PUT',
      '/api/v1/roles/1',
      {
        name: 'Buyers',
        permissions: [
          { permission: permissionId('order:view'), value: 1 },
          { permission: permissionId('invoice:view'), value: 0 },
          { permission: permissionId('quote:view'), value: 2 },
        ],
      },
      {
        'content-type': 'application/json',
        'x-csrf-token': callers.resellerAdmin.cookie('hub_csrf')!,
        'if-match': read.headers.get('etag')!,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Buyers');
    const now = await grants(1);
    expect([now['order:view'], now['invoice:view'], now['quote:view']]).toEqual([1, undefined, 2]);
    const { body: entries } = await callers.resellerAdmin.get<AuditLogEntry[]>('/api/v1/roles/1/audit_logs');
    expect(entries[0]!.field_changes.map(({ field, old_value, new_value }) => [field, old_value, new_value]).sort()).toEqual([
      ['name', 'Buyer', 'Buyers'],
      ['permission invoice:view', '2', '0'],
      ['permission order:view', '2', '1'],
      ['permission quote:view', '0', '2'],
    ]);
    // The holder's next request sees the narrower grant.
    const buyer = await signedIn(server, 'buyer@customer.example');
    const whoami = (await buyer.get<{ permissions: { permission: string; parent: boolean }[] }>('/api/v1/whoami')).body;
    expect(whoami.permissions.find((grant) => grant.permission === 'order:view')?.parent).toBe(false);
  });

  it('refuses a stale save (412), an unknown permission (422), a role outside the tree (404), and a caller without role:modify (403)', async () => {
    const stale = await callers.resellerAdmin.request<Problem>(
      'PUT',
      '/api/v1/roles/1',
      { name: 'Late' },
      { 'content-type': 'application/json', 'x-csrf-token': callers.resellerAdmin.cookie('hub_csrf')!, 'if-match': 'W/"stale"' },
    );
    expect([stale.status, stale.body.code]).toEqual([412, 'stale_record']);
    expect(
      (await callers.resellerAdmin.send('PUT', '/api/v1/roles/1', { name: 'Buyers', permissions: [{ permission: 99999, value: 2 }] }))
        .status,
    ).toBe(422);
    expect((await callers.resellerAdmin.send('PUT', '/api/v1/roles/3', { name: 'Mine now' })).status).toBe(404);
    expect((await callers.buyer.send('PUT', '/api/v1/roles/1', { name: 'Self-made' })).status).toBe(403);
  });

  it('refuses a user’s own roles with 403 cannot_edit_own_roles', async () => {
    await writeVersionedRows(server.db, (trx) => trx('user_roles').insert({ user_id: 2, role_id: 2 }));
    const own = await callers.resellerAdmin.send<Problem>('PUT', '/api/v1/roles/2', { name: 'Mine' });
    expect([own.status, own.body.code]).toEqual([403, 'cannot_edit_own_roles']);
  });
});
