import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiClient,
  AuditLogEntry,
  Catalogue,
  LinkedAccount,
  AccountManager,
  OrganisationRow,
  OrganisationTemplateRole,
  ProductGroupProduct,
  ProductGroupRelation,
  RolePermission,
  RoleUser,
  UserNotification,
  UserRole,
} from '../generated/types';
import { signInBackofficeCallers } from '../testing/backofficeCallers';
import { startTestServer, type TestClient, type TestServer } from '../testing/testServer';
import { writeVersionedRows } from '../testing/versionedRows';

// The child lists of back-office records (spec/api/backoffice.yaml, generic `children`): visible
// exactly when their record is, with the record's permission. Demo data: seeds/demo/backoffice.ts.

describe('child lists of back-office records', () => {
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

  async function rows<T>(client: TestClient, path: string): Promise<T[]> {
    const response = await client.get<T[]>(`/api/v1${path}`);
    expect(response.status, response.text).toBe(200);
    return response.body;
  }

  describe('organisation', () => {
    it('lists account managers, linked accounts, catalogues, template roles and children in order', async () => {
      const managers = await rows<AccountManager>(root, '/organisations/1/account_managers');
      expect(managers.map((row) => row.account_manager_name)).toEqual(['Alice Account', 'Ben Brooks']);
      expect(managers[0]).toEqual({
        id: 1,
        account_manager_name: 'Alice Account',
        account_manager_email: 'alice@supplier.example',
        account_manager_phone: '020 7946 0001',
      });
      const linked = await rows<LinkedAccount>(root, '/organisations/2/linked_accounts');
      expect(linked.map((row) => [row.name, row.currency])).toEqual([
        ['Reseller Partners UK Ltd (EUR)', 'EUR'],
        ['Reseller Partners UK Ltd (GBP)', 'GBP'],
      ]);
      expect((await rows<Catalogue>(resellerAdmin, '/organisations/2/catalogues')).map((row) => row.name)).toEqual([
        'Reseller partner catalogue',
      ]);
      const templates = await rows<OrganisationTemplateRole>(resellerAdmin, '/organisations/2/template_roles');
      expect(templates.map((row) => row.role)).toEqual([
        { id: 3, name: 'Reseller sales' },
        { id: 4, name: 'Customer buyer' },
      ]);
      const children = await rows<OrganisationRow>(resellerAdmin, '/organisations/2/children');
      expect(children.map((row) => [row.id, row.name])).toEqual([
        [3, 'Customer Co Ltd'],
        [4, 'EU Customer GmbH'],
      ]);
      expect(await rows(resellerAdmin, '/organisations/4/children')).toEqual([]);
    });

    it('answers the audit log newest first, each entry with its user, on-behalf user and field changes', async () => {
      const response = await root.get<AuditLogEntry[]>('/api/v1/organisations/2/audit_logs');
      expect(response.headers.get('x-total-count')).toBe('1');
      expect(response.body).toEqual([
        {
          id: 1,
          timestamp: '2026-09-01T09:30:00.000Z',
          ip_address: '203.0.113.10',
          action: 'UPDATE',
          api_client: null,
          entity_type: 'organisation',
          user: { id: 1, name: 'Sam Supplier' },
          on_behalf: null,
          field_changes: [
            { id: 1, field: 'orders_require_manual_auth', old_value: 'false', new_value: 'true' },
            { id: 2, field: 'order_manual_auth_limit', old_value: null, new_value: '5000.00' },
          ],
        },
      ]);
      const customer = await rows<AuditLogEntry>(resellerAdmin, '/organisations/3/audit_logs');
      expect(customer.map((entry) => [entry.id, entry.user?.name, entry.on_behalf?.name])).toEqual([[6, 'Bob Buyer', 'Sam Supplier']]);
    });

    it('pages the audit log and sorts it oldest first on request', async () => {
      await server.db('audit_log_entries').insert([
        { id: 101, entity_type: 'organisation', entity_id: 6, timestamp: Date.parse('2026-01-01T00:00:00Z'), action: 'CREATE' },
        { id: 102, entity_type: 'organisation', entity_id: 6, timestamp: Date.parse('2026-02-01T00:00:00Z'), action: 'UPDATE' },
        { id: 103, entity_type: 'organisation', entity_id: 6, timestamp: Date.parse('2026-03-01T00:00:00Z'), action: 'DISABLE' },
        // Another kind of record with the same id is not the organisation's.
        { id: 104, entity_type: 'user', entity_id: 6, timestamp: Date.parse('2026-04-01T00:00:00Z'), action: 'UPDATE' },
      ]);
      try {
        // Reseller sales holds organisation:view at 1 (child organisations): its child 6, not its own 5.
        const first = await otherSales.get<AuditLogEntry[]>('/api/v1/organisations/6/audit_logs?per_page=2');
        expect(first.headers.get('x-total-count')).toBe('3');
        expect(first.headers.get('x-total-pages')).toBe('2');
        expect(first.body.map((entry) => entry.id)).toEqual([103, 102]);
        expect(first.body[0]?.field_changes).toEqual([]);
        const oldest = await rows<AuditLogEntry>(otherSales, '/organisations/6/audit_logs?sort_by=%2Btimestamp&per_page=1');
        expect(oldest.map((entry) => entry.id)).toEqual([101]);
      } finally {
        await server.db('audit_log_entries').whereIn('id', [101, 102, 103, 104]).delete();
      }
    });

    it('lists the owned price lists with their generated flag, for root users only (002 §2.4, §3)', async () => {
      const owned = await rows<{ name: string; currency: string; generated: boolean }>(root, '/organisations/1/price_lists');
      expect(owned.map((row) => [row.name, row.currency, row.generated])).toEqual([
        ['Standard EUR', 'EUR', false],
        ['Standard GBP', 'GBP', false],
      ]);
      expect((await rows<{ name: string }>(root, '/organisations/2/price_lists')).map((row) => row.name)).toEqual([
        'Reseller Partners GBP',
      ]);
      expect(await rows(root, '/organisations/3/price_lists')).toEqual([]);
      // 002 §2.4: linked accounts and price lists are root users' tabs.
      expect((await resellerAdmin.get('/api/v1/organisations/2/price_lists')).status).toBe(403);
      expect((await resellerAdmin.get('/api/v1/organisations/2/linked_accounts')).status).toBe(403);
      expect((await root.get('/api/v1/organisations/999/price_lists')).status).toBe(404);
    });

    it('is 404 for an organisation outside the caller’s subtree or missing, 403 without organisation:view', async () => {
      for (const path of ['account_managers', 'catalogues', 'template_roles', 'children', 'audit_logs', 'addresses']) {
        expect((await resellerAdmin.get(`/api/v1/organisations/5/${path}`)).status, path).toBe(404);
        expect((await resellerAdmin.get(`/api/v1/organisations/1/${path}`)).status, path).toBe(404);
        expect((await root.get(`/api/v1/organisations/999/${path}`)).status, path).toBe(404);
        expect((await buyer.get(`/api/v1/organisations/3/${path}`)).status, path).toBe(403);
      }
      expect((await server.client().get('/api/v1/organisations/2/audit_logs')).status).toBe(401);
    });
  });

  describe('user', () => {
    it('lists roles, notifications and API clients (never a secret) and the audit log', async () => {
      expect((await rows<UserRole>(resellerAdmin, '/users/3/roles')).map((row) => row.role)).toEqual([{ id: 1, name: 'Buyer' }]);
      const notifications = await rows<UserNotification>(resellerAdmin, '/users/3/notifications');
      expect(notifications.map((row) => row.type)).toEqual([
        'order_created',
        'order_status_changed',
        'quote_created',
        'quote_expiry_warning',
      ]);
      const clients = await rows<ApiClient>(resellerAdmin, '/users/2/api_clients');
      expect(clients).toEqual([
        {
          id: 1,
          name: 'Reseller ERP',
          client_id: 'rp-erp-7f3a9c',
          created_at: '2026-05-10T12:00:00.000Z',
          expires_at: null,
          last_used_at: null,
        },
      ]);
      const audit = await rows<AuditLogEntry>(resellerAdmin, '/users/5/audit_logs');
      expect(audit.map((entry) => [entry.action, entry.field_changes.map((change) => change.field)])).toEqual([['DISABLE', ['disabled']]]);
    });

    it('is 404 for a user outside the caller’s subtree, 403 without user:view', async () => {
      for (const path of ['roles', 'notifications', 'api_clients', 'audit_logs', 'actions']) {
        expect((await resellerAdmin.get(`/api/v1/users/1/${path}`)).status, path).toBe(404);
        expect((await otherSales.get(`/api/v1/users/3/${path}`)).status, path).toBe(404);
        expect((await root.get(`/api/v1/users/999/${path}`)).status, path).toBe(404);
        expect((await buyer.get(`/api/v1/users/3/${path}`)).status, path).toBe(403);
      }
    });
  });

  describe('role', () => {
    it('lists permissions with their module and value, the users holding the role and the audit log', async () => {
      const permissions = await rows<RolePermission>(resellerAdmin, '/roles/2/permissions');
      expect(permissions).toEqual([
        { id: expect.any(Number), value: 2, permission: { id: expect.any(Number), name: 'order:view', module: 'WEBSTORE' } },
      ]);
      const buyerRole = await rows<RolePermission>(resellerAdmin, '/roles/1/permissions');
      expect(buyerRole.map((row) => row.permission?.name)).toContain('quote:accept');
      const users = await rows<RoleUser>(resellerAdmin, '/roles/1/users');
      expect(users.map((row) => row.user)).toEqual([
        { id: 3, name: 'Bob Buyer', email_address: 'buyer@customer.example' },
        { id: 5, name: 'Dora Disabled', email_address: 'former@customer.example' },
        { id: 7, name: 'Uma Unverified', email_address: 'new.starter@customer.example' },
      ]);
      const audit = await rows<AuditLogEntry>(root, '/roles/3/audit_logs');
      expect(audit.map((entry) => entry.action)).toEqual(['CREATE']);
    });

    it('is 404 for a role outside the caller’s subtree, 403 without role:view; template roles are everyone’s', async () => {
      // A role of the other reseller's customer: outside the reseller admin's subtree.
      await writeVersionedRows(server.db, (trx) =>
        trx('roles').insert({ id: 90, name: 'Other customer role', organisation_id: 6, template: false }),
      );
      try {
        for (const path of ['permissions', 'users', 'audit_logs']) {
          expect((await resellerAdmin.get(`/api/v1/roles/90/${path}`)).status, path).toBe(404);
          expect((await root.get(`/api/v1/roles/90/${path}`)).status, path).toBe(200);
          expect((await resellerAdmin.get(`/api/v1/roles/3/${path}`)).status, path).toBe(200);
          expect((await root.get(`/api/v1/roles/999/${path}`)).status, path).toBe(404);
          expect((await buyer.get(`/api/v1/roles/1/${path}`)).status, path).toBe(403);
          expect((await otherSales.get(`/api/v1/roles/1/${path}`)).status, path).toBe(403);
        }
      } finally {
        await writeVersionedRows(server.db, (trx) => trx('roles').where('id', 90).delete());
      }
    });
  });

  describe('a shared record (template role) lists no one outside the caller’s scope (issue 10, finding 1)', () => {
    it('shows the reseller admin only the holders and the history of its own tree', async () => {
      // Template role 3 ("Reseller sales") is held by Olly Other at the other reseller; give it to
      // Bob Buyer below the reseller too, and let the other reseller's user change it once.
      const [holding] = (await writeVersionedRows(server.db, (trx) =>
        trx('user_roles').insert({ user_id: 3, role_id: 3 }).returning('id'),
      )) as ({ id: number } | number)[];
      await server.db('audit_log_entries').insert({
        id: 120,
        entity_type: 'role',
        entity_id: 3,
        timestamp: Date.parse('2026-10-01T00:00:00Z'),
        ip_address: '192.0.2.99',
        action: 'UPDATE',
        user_id: 6,
      });
      try {
        expect((await resellerAdmin.get('/api/v1/users/6')).status).toBe(404);
        const holders = await rows<RoleUser>(resellerAdmin, '/roles/3/users');
        expect(holders.map((row) => row.user?.email_address)).toEqual(['buyer@customer.example']);
        // The supplier's own history of its template (its staff, their addresses) is not the reseller's.
        expect(await rows<AuditLogEntry>(resellerAdmin, '/roles/3/audit_logs')).toEqual([]);
        // Root's scope is the whole tree: every holder and every entry.
        expect((await rows<RoleUser>(root, '/roles/3/users')).map((row) => row.user?.id)).toEqual([6, 3]);
        expect((await rows<AuditLogEntry>(root, '/roles/3/audit_logs')).map((entry) => entry.id)).toEqual([120, 2]);
        // Olly Other's own scope (child organisations) holds neither Bob nor the supplier's entries.
        expect((await otherSales.get('/api/v1/roles/3/users')).status).toBe(403);
      } finally {
        const id = typeof holding === 'object' ? holding.id : holding;
        await writeVersionedRows(server.db, (trx) => trx('user_roles').where('id', id!).delete());
        await server.db('audit_log_entries').where('id', 120).delete();
      }
    });

    it('keeps the supply chain’s actions on the caller’s own records: the supplier in its order’s history', async () => {
      const audit = await rows<AuditLogEntry>(resellerAdmin, '/orders/6/audit_logs');
      expect(audit.map((entry) => entry.user?.name)).toContain('Sam Supplier');
    });
  });

  describe('product group', () => {
    it('lists the group’s products and related groups to root', async () => {
      const products = await rows<ProductGroupProduct>(root, '/productgroups/1/products');
      expect(products.length).toBeGreaterThan(0);
      const expected = await server.db('product_group_products').where('product_group_id', 1).orderBy('id').pluck('product_id');
      expect(products.map((row) => row.product?.id)).toEqual(expected.map(Number));
      expect(products[0]?.product).toMatchObject({ name: expect.any(String), product_code: expect.any(String) });
      const related = await rows<ProductGroupRelation>(root, '/productgroups/1/related_groups');
      expect(related.map((row) => row.related_product_group)).toEqual([{ id: 2, name: 'Zoom add-ons' }]);
      expect((await rows<AuditLogEntry>(root, '/productgroups/1/audit_logs')).map((entry) => entry.action)).toEqual(['UPDATE']);
    });

    it('is 403 for anyone but root, as its group, and 404 for a missing group', async () => {
      for (const path of ['products', 'related_groups', 'audit_logs']) {
        expect((await resellerAdmin.get(`/api/v1/productgroups/1/${path}`)).status, path).toBe(403);
        expect((await root.get(`/api/v1/productgroups/999/${path}`)).status, path).toBe(404);
      }
    });
  });

  describe('feed', () => {
    it('lists the audit log of a feed the caller may manage', async () => {
      const audit = await rows<AuditLogEntry>(resellerAdmin, '/feeds/1/audit_logs');
      expect(audit.map((entry) => [entry.id, entry.user?.name, entry.field_changes[0]?.new_value])).toEqual([[3, 'Rita Reseller', '360']]);
    });

    it('is 404 for a feed outside the caller’s subtree, 403 without a linked account', async () => {
      expect((await resellerAdmin.get('/api/v1/feeds/4/audit_logs')).status).toBe(404);
      expect((await root.get('/api/v1/feeds/999/audit_logs')).status).toBe(404);
      expect((await otherSales.get('/api/v1/feeds/1/audit_logs')).status).toBe(403);
    });
  });
});
