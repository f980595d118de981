import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation, OrganisationTemplateRole, RolePermission, RoleRow, UserNotification } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { grantPermission } from '../../testing/grantPermission';
import { lastMailedToken } from '../../testing/mailedLinks';
import type { Problem } from '../../testing/organisationEdits';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';

// 002 §2.4 new organisation: its first admin (created in the same transaction and invited by
// e-mail, 72 hours) and the template roles it starts with; root-only fields on a create.

const RESELLER = 2;
const OTHER_RESELLER = 5;
const RESELLER_SALES = 3;
const CUSTOMER_BUYER = 4;
const BUYER_ROLE = 1;

describe('new organisation: first admin and template roles', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const create = (body: Record<string, unknown>, client = callers.resellerAdmin) =>
    client.post<Organisation & Problem>('/api/v1/organisations', { parent: RESELLER, supplier_account_manager: 3, ...body });
  const organisationsNamed = async (name: string) => (await server.db('organisations').where('name', name).select('id')).length;

  it('creates the first admin with the organisation, invites them, and gives the organisation the template roles chosen', async () => {
    const response = await create({
      name: 'Northwind Traders',
      preferred_language: 'de',
      user_inactivity_timeout: 3600,
      account_managers: [{ account_manager_name: 'Nina North', account_manager_email: 'nina@northwind.example' }],
      addresses: [
        {
          name: 'Head office',
          company_name: 'Northwind Traders Ltd',
          addr_line_1: '1 Harbour Way',
          city: 'Hull',
          postal_code: 'HU1 1AA',
          country_code: 'GB',
        },
      ],
      first_admin: { first_admin_name: 'Nora Admin', first_admin_email: 'nora@northwind.example', first_admin_timezone: 'Europe/London' },
      template_roles: [RESELLER_SALES, CUSTOMER_BUYER],
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.id;
    expect(response.body.account_managers.map((manager) => manager.account_manager_name)).toEqual(['Nina North']);
    expect(response.body.addresses.map((address) => address.city)).toEqual(['Hull']);

    const admin = await server.db('users').where('email_address', 'nora@northwind.example').first();
    expect(admin).toMatchObject({
      name: 'Nora Admin',
      organisation_id: id,
      user_language: 'de',
      timezone: 'Europe/London',
      password_hash: null,
    });
    expect([Boolean(admin.admin), Boolean(admin.verified), Number(admin.timeout)]).toEqual([true, false, 1800]);
    expect(await lastMailedToken(server.db, 'nora@northwind.example')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const notifications = await callers.root.get<UserNotification[]>(`/api/v1/users/${admin.id}/notifications`);
    expect(notifications.body).toHaveLength(8);

    const roles = await callers.root.get<RoleRow[]>(`/api/v1/roles?organisation=${id}`);
    expect(roles.body.filter((role) => role.organisation?.id === id).map((role) => [role.name, role.template])).toEqual([
      ['Customer buyer', false],
      ['Reseller sales', false],
    ]);
    const copy = roles.body.find((role) => role.name === 'Reseller sales')!;
    const granted = await callers.root.get<RolePermission[]>(`/api/v1/roles/${copy.id}/permissions`);
    const template = await callers.root.get<RolePermission[]>(`/api/v1/roles/${RESELLER_SALES}/permissions`);
    expect(granted.body.map((row) => [row.permission?.name, row.value]).sort()).toEqual(
      template.body.map((row) => [row.permission?.name, row.value]).sort(),
    );
    const templates = await callers.root.get<OrganisationTemplateRole[]>(`/api/v1/organisations/${id}/template_roles`);
    expect(templates.body.map((row) => row.role?.name).sort()).toEqual(['Customer buyer', 'Reseller sales']);
  });

  it('refuses a role that is not a template (422 naming it) and creates nothing', async () => {
    const response = await create({ name: 'Not From Templates', template_roles: [CUSTOMER_BUYER, BUYER_ROLE] });
    expect([response.status, response.body.code, response.body.parameter]).toEqual([422, 'role_not_template', 'template_roles[1]']);
    expect(await organisationsNamed('Not From Templates')).toBe(0);
  });

  it('refuses a first admin with an e-mail a user has (409) or a time zone not offered (422), and creates nothing', async () => {
    const taken = await create({
      name: 'Taken Admin',
      first_admin: { first_admin_name: 'Bob Again', first_admin_email: 'BUYER@customer.example', first_admin_timezone: 'Europe/London' },
    });
    expect([taken.status, taken.body.code, taken.body.parameter]).toEqual([409, 'duplicate_value', 'first_admin.first_admin_email']);
    const zone = await create({
      name: 'Zone Admin',
      first_admin: { first_admin_name: 'Zed', first_admin_email: 'zed@zone.example', first_admin_timezone: 'Mars/Olympus' },
    });
    expect([zone.status, zone.body.code, zone.body.parameter]).toEqual([422, 'unknown_value', 'first_admin.first_admin_timezone']);
    const incomplete = await create({ name: 'Half Admin', first_admin: { first_admin_name: 'Half' } });
    expect([incomplete.status, incomplete.body.code]).toEqual([400, 'invalid_body']);
    expect(await organisationsNamed('Taken Admin')).toBe(0);
    expect(await organisationsNamed('Zone Admin')).toBe(0);
  });

  it('of two creates side by side with the same first admin e-mail, one is created and the other is 409', async () => {
    const first = (name: string, email: string) =>
      create({ name, first_admin: { first_admin_name: name, first_admin_email: email, first_admin_timezone: 'Europe/London' } });
    const answers = await Promise.all([first('Twin One', 'twin@twins.example'), first('Twin Two', 'TWIN@twins.example')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await organisationsNamed('Twin One')) + (await organisationsNamed('Twin Two'))).toBe(1);
    const [{ count }] = (await server.db('users').whereRaw('lower(email_address) = ?', ['twin@twins.example']).count({ count: '*' })) as [
      { count: number | string },
    ];
    expect(Number(count)).toBe(1);
  });

  it('refuses the supplier’s fields on a create by others (403 forbidden_field), leaving their defaults alone', async () => {
    const restricted = await create({ name: 'Held Customer', is_on_hold: true });
    expect([restricted.status, restricted.body.code, restricted.body.parameter]).toEqual([403, 'forbidden_field', 'is_on_hold']);
    const defaults = await create({ name: 'Plain Customer', is_on_hold: false, subscribed_modules: ['WEBSTORE'] });
    expect(defaults.status, defaults.text).toBe(201);
    const root = await create(
      { name: 'Root Customer', is_on_hold: true, subscribed_modules: ['WEBSTORE', 'DOVETAIL'], billing_account: 'ROOT-9' },
      callers.root,
    );
    expect(root.status, root.text).toBe(201);
    expect(root.body).toMatchObject({ is_on_hold: true, subscribed_modules: ['WEBSTORE', 'DOVETAIL'], billing_account: 'ROOT-9' });
  });

  it('copies a template’s grants only for a caller who holds them (403 permission_not_held)', async () => {
    // The other reseller's sales (Reseller sales role) may create organisations once granted organisation:modify.
    await grantPermission(server.db, 'Reseller sales', 'organisation:modify', 2);
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', OTHER_RESELLER).update({ can_create_resellers: true }));
    const body = { parent: OTHER_RESELLER, supplier_account_manager: 4 };
    const held = await callers.otherSales.post<Organisation & Problem>('/api/v1/organisations', {
      ...body,
      name: 'Sales Customer',
      template_roles: [RESELLER_SALES],
    });
    expect(held.status, held.text).toBe(201);
    const unheld = await callers.otherSales.post<Organisation & Problem>('/api/v1/organisations', {
      ...body,
      name: 'Buyer Customer',
      template_roles: [CUSTOMER_BUYER],
    });
    expect([unheld.status, unheld.body.code]).toEqual([403, 'permission_not_held']);
    expect(await organisationsNamed('Buyer Customer')).toBe(0);
  });
});
