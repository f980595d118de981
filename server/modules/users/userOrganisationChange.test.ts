import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

// 002 §4 "Changing an existing user's organisation asks for confirmation, because roles are then
// emptied": PUT /users/{id}/roles with `organisation` moves the user and gives them the new
// organisation's roles in one transaction (docs/backoffice.md "Roles, notifications, timeout").

interface Problem {
  code: string;
  parameter?: string;
}
interface UserRole {
  role: { id: number; name: string };
}
interface Change {
  field: string;
  old_value: string | null;
  new_value: string | null;
}

// Demo data: Bob Buyer (3) of Customer Co (3) holds Buyer (role 1); Order viewer (2) is EU
// Customer's (4), Checkout only (5) Customer Co's; Other Reseller (5) lies outside Rita's tree.
const BOB = 3;
const CLEO = 11;
const CUSTOMER = 3;
const EU_CUSTOMER = 4;
const OTHER_RESELLER = 5;

let server: TestServer;
let callers: BackofficeCallers;

beforeAll(async () => {
  server = await startTestServer();
  callers = await signInBackofficeCallers(server);
});
afterAll(async () => {
  await server.close();
});

const organisationOf = async (id: number) =>
  Number(((await server.db('users').where('id', id).first('organisation_id')) as { organisation_id: number }).organisation_id);
const rolesOf = async (id: number) =>
  ((await server.db('user_roles').where('user_id', id).orderBy('role_id').pluck('role_id')) as number[]).map(Number);
const move = (caller: TestClient, user: number, organisation: number, roles: number[]) =>
  caller.send<UserRole[] & Problem>('PUT', `/api/v1/users/${user}/roles`, { organisation, roles });

describe("changing a user's organisation empties their roles (002 §4)", () => {
  it("moves the user, gives them the new organisation's roles only, and audits both", async () => {
    const moved = await move(callers.resellerAdmin, BOB, EU_CUSTOMER, [2]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.map((row) => row.role.name)).toEqual(['Order viewer']);
    expect(await organisationOf(BOB)).toBe(EU_CUSTOMER);
    expect(await rolesOf(BOB)).toEqual([2]);
    const audit = await callers.resellerAdmin.get<{ field_changes: Change[] }[]>(`/api/v1/users/${BOB}/audit_logs`);
    const changes = audit.body.flatMap((entry) => entry.field_changes);
    expect(changes).toContainEqual(
      expect.objectContaining({ field: 'organisation', old_value: 'Customer Co Ltd', new_value: 'EU Customer GmbH' }),
    );
    expect(changes).toContainEqual(expect.objectContaining({ field: 'roles', old_value: 'Buyer', new_value: null }));
    expect(changes).toContainEqual(expect.objectContaining({ field: 'roles', old_value: null, new_value: 'Order viewer' }));
    // The user's page shows the new organisation.
    expect((await callers.resellerAdmin.get<{ organisation: { id: number } }>(`/api/v1/users/${BOB}`)).body.organisation.id).toBe(
      EU_CUSTOMER,
    );

    // Back home with no roles at all: the old organisation's roles are not kept by a move.
    const back = await move(callers.resellerAdmin, BOB, CUSTOMER, []);
    expect(back.status, back.text).toBe(200);
    expect(back.body).toEqual([]);
    expect(await organisationOf(BOB)).toBe(CUSTOMER);
    expect(await rolesOf(BOB)).toEqual([]);
    expect((await callers.resellerAdmin.send('PUT', `/api/v1/users/${BOB}/roles`, { roles: [1] })).status).toBe(200);
  });

  it("refuses roles not of the user's (new) organisation, and the move with them", async () => {
    // The old organisation's role with a move: 422, and the user stays where they were.
    const refused = await move(callers.resellerAdmin, BOB, EU_CUSTOMER, [1]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'role_not_offered', message_key: 'problem.role_not_offered' });
    expect(await organisationOf(BOB)).toBe(CUSTOMER);
    expect(await rolesOf(BOB)).toEqual([1]);
    // Another organisation's role, or a template, without a move.
    for (const role of [2, 4])
      expect((await callers.resellerAdmin.send<Problem>('PUT', `/api/v1/users/${BOB}/roles`, { roles: [role] })).body.code).toBe(
        'role_not_offered',
      );
    // Naming the organisation the user is in already is no move.
    const same = await move(callers.resellerAdmin, BOB, CUSTOMER, [1, 5]);
    expect(same.body.map((row) => row.role.id)).toEqual([1, 5]);
    expect((await callers.resellerAdmin.send('PUT', `/api/v1/users/${BOB}/roles`, { roles: [1] })).status).toBe(200);
  });

  it("refuses an organisation outside the caller's tree or none (422 outside_scope), and one's own move", async () => {
    for (const organisation of [OTHER_RESELLER, 9999]) {
      const refused = await move(callers.resellerAdmin, BOB, organisation, []);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
    }
    expect(await organisationOf(BOB)).toBe(CUSTOMER);
    expect(await rolesOf(BOB)).toEqual([1]);
    // Moving oneself would edit one's own roles.
    const own = await move(callers.resellerAdmin, 2, CUSTOMER, []);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('cannot_edit_own_roles');
    // A buyer has no user:modify.
    expect((await move(callers.buyer, CLEO, EU_CUSTOMER, [])).status).toBe(403);
  });

  it("lowers a timeout above the new organisation's to it, audited", async () => {
    await writeVersionedRows(server.db, async (trx) => {
      await trx('organisations').where('id', EU_CUSTOMER).update({ user_inactivity_timeout: 3600 });
      await trx('users').where('id', CLEO).update({ timeout: 28800 });
    });
    const moved = await move(callers.resellerAdmin, CLEO, EU_CUSTOMER, []);
    expect(moved.status, moved.text).toBe(200);
    expect((await server.db('users').where('id', CLEO).first('timeout')).timeout).toBe(3600);
    const audit = await callers.resellerAdmin.get<{ field_changes: Change[] }[]>(`/api/v1/users/${CLEO}/audit_logs`);
    expect(audit.body.flatMap((entry) => entry.field_changes)).toContainEqual(
      expect.objectContaining({ field: 'timeout', old_value: '28800', new_value: '3600' }),
    );
    expect((await move(callers.resellerAdmin, CLEO, CUSTOMER, [5])).status).toBe(200);
  });

  it('moves an administrator only for an administrator (403 forbidden_field)', async () => {
    // Mo edits users of Reseller Partners' tree (user:modify at 2) but is no administrator.
    await writeVersionedRows(server.db, async (trx) => {
      const bob = (await trx('users').where('id', BOB).first()) as Record<string, unknown>;
      const { id: _id, ...fields } = bob;
      const [user] = (await trx('users')
        .insert({ ...fields, name: 'Mo Modifier', email_address: 'mo@reseller.example', organisation_id: 2 })
        .returning('id')) as ({ id: number } | number)[];
      const [role] = (await trx('roles').insert({ name: 'User editor', organisation_id: 2, template: false }).returning('id')) as (
        { id: number } | number
      )[];
      const roleId = typeof role === 'object' ? role.id : role!;
      const permissions = (await trx('permissions').whereIn('name', ['user:view', 'user:modify']).pluck('id')) as number[];
      await trx('role_permissions').insert(permissions.map((permission) => ({ role_id: roleId, permission_id: permission, value: 2 })));
      await trx('user_roles').insert({ user_id: typeof user === 'object' ? user.id : user, role_id: roleId });
      await trx('users').where('id', CLEO).update({ admin: true });
    });
    const mo = server.client();
    expect((await mo.login('mo@reseller.example')).status).toBe(200);
    const refused = await move(mo, CLEO, EU_CUSTOMER, []);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden_field', parameter: 'organisation' });
    expect(await organisationOf(CLEO)).toBe(CUSTOMER);
    // A user who is no administrator Mo moves; an administrator, Rita does.
    expect((await move(mo, BOB, EU_CUSTOMER, [])).status).toBe(200);
    expect((await move(callers.resellerAdmin, CLEO, EU_CUSTOMER, [])).status).toBe(200);
    expect(await organisationOf(CLEO)).toBe(EU_CUSTOMER);
  });
});
