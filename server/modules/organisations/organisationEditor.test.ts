import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountManager, AuditLogEntry, Organisation, PriceListRef } from '../../generated/types';
import { signInBackofficeCallers, type BackofficeCallers } from '../../testing/backofficeCallers';
import { loadOrganisation, saveOrganisation, type Problem } from '../../testing/organisationEdits';
import { startTestServer, type TestServer } from '../../testing/testServer';

// 002 §2.4, §4, §5, §7: PUT /organisations/{id}, the organisation editor's save, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. Demo tree: supplier 1 > reseller 2 > customers 3, 4; other reseller 5.

const SUPPLIER = 1;
const RESELLER = 2;
const CUSTOMER = 3;
const EU_CUSTOMER = 4;
const OTHER_RESELLER = 5;
const OTHER_CUSTOMER = 6;

describe('organisation editor', () => {
  let server: TestServer;
  let callers: BackofficeCallers;

  beforeAll(async () => {
    server = await startTestServer();
    callers = await signInBackofficeCallers(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const auditOf = async (id: number) =>
    (await callers.root.get<AuditLogEntry[]>(`/api/v1/organisations/${id}/audit_logs?per_page=96`)).body;
  const managersOf = async (id: number) => (await callers.root.get<AccountManager[]>(`/api/v1/organisations/${id}/account_managers`)).body;

  it('takes the record back exactly as its GET answered it: nothing changes and nothing is audited', async () => {
    const before = await loadOrganisation(callers.resellerAdmin, RESELLER);
    const entries = (await auditOf(RESELLER)).length;
    const response = await saveOrganisation(callers.resellerAdmin, RESELLER, {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual(before.record);
    expect(response.headers.get('etag')).toBe(before.etag);
    expect((await auditOf(RESELLER)).length).toBe(entries);
  });

  it('saves the definition, turns the PO rules off for an organisation that may create resellers, and audits each field', async () => {
    const response = await saveOrganisation(callers.resellerAdmin, CUSTOMER, {
      name: 'Customer Co Limited',
      finance_type: 'RESELLER',
      can_create_resellers: true,
      po_number_required: true,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Customer Co Limited',
      finance_type: 'RESELLER',
      can_create_resellers: true,
      po_number_required: false,
      force_po_uniqueness: false,
    });
    const [entry] = await auditOf(CUSTOMER);
    expect(entry?.action).toBe('UPDATE');
    expect(entry?.user?.name).toBe('Rita Reseller');
    expect(entry?.field_changes.map((change) => change.field).sort()).toEqual([
      'can_create_resellers',
      'finance_type',
      'force_po_uniqueness',
      'name',
      'po_number_required',
    ]);
  });

  it('reaches only organisations of the caller’s tree, and needs organisation:modify', async () => {
    for (const id of [SUPPLIER, OTHER_RESELLER, OTHER_CUSTOMER]) {
      expect(
        (
          await callers.resellerAdmin.request(
            'PUT',
            `/api/v1/organisations/${id}`,
            { name: 'Taken over' },
            { 'x-csrf-token': callers.resellerAdmin.csrfToken() ?? '' },
          )
        ).status,
      ).toBe(404);
    }
    // The other reseller's sales may view its customers, not change them; a buyer neither.
    expect(
      (
        await callers.otherSales.request(
          'PUT',
          `/api/v1/organisations/${OTHER_CUSTOMER}`,
          { name: 'x' },
          { 'x-csrf-token': callers.otherSales.csrfToken() ?? '' },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callers.buyer.request(
          'PUT',
          `/api/v1/organisations/${CUSTOMER}`,
          { name: 'x' },
          { 'x-csrf-token': callers.buyer.csrfToken() ?? '' },
        )
      ).status,
    ).toBe(403);
    expect((await server.client().send('PUT', `/api/v1/organisations/${CUSTOMER}`, { name: 'x' })).status).toBe(401);
    expect((await loadOrganisation(callers.root, OTHER_CUSTOMER)).record.name).toBe('Other Customer Ltd');
  });

  it('refuses the supplier’s fields from others with 403 forbidden_field, and takes them back unchanged', async () => {
    const priceLists = (await callers.root.get<PriceListRef[]>('/api/v1/price_lists')).body;
    const other = priceLists.find((list) => list.id !== 3)!;
    for (const [field, value] of [
      ['assigned_price_list', other.id],
      ['is_on_hold', true],
      ['on_credit_hold', false],
      ['billing_account', 'X-1'],
      ['subscribed_modules', ['WEBSTORE', 'DOVETAIL']],
      ['base_url', 'https://shop.example'],
    ] as const) {
      const response = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, { [field]: value });
      expect([field, response.status, response.body.code, response.body.parameter]).toEqual([field, 403, 'forbidden_field', field]);
    }
    const root = await saveOrganisation(callers.root, EU_CUSTOMER, {
      assigned_price_list: other.id,
      is_on_hold: true,
      base_url: 'https://eu.shop.example',
    });
    expect(root.status, root.text).toBe(200);
    expect(root.body).toMatchObject({
      assigned_price_list: { id: other.id, name: other.name },
      is_on_hold: true,
      base_url: 'https://eu.shop.example',
    });
    // Shown to the reseller as root set them, and sent back so, they pass.
    expect((await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, { name: 'EU Customer GmbH & Co' })).status).toBe(200);
  });

  it('keeps what other operations own: parent, currency, status and two-factor are compared, not written', async () => {
    for (const [field, value] of [
      ['parent', { id: SUPPLIER, name: 'Supplier Distribution Ltd', depth: 0, parent: null }],
      ['currency', 'EUR'],
      ['status', 'DISABLED'],
      ['require_two_factor', true],
    ] as const) {
      const response = await saveOrganisation(callers.root, CUSTOMER, { [field]: value });
      expect([field, response.status, response.body.code, response.body.parameter]).toEqual([field, 403, 'forbidden_field', field]);
    }
  });

  it('never lets a reseller give its own organisation the right to create resellers (or take it away), or choose its supplier account manager', async () => {
    const own = await saveOrganisation(callers.resellerAdmin, RESELLER, { can_create_resellers: false });
    expect([own.status, own.body.code, own.body.parameter]).toEqual([403, 'forbidden_field', 'can_create_resellers']);
    const manager = await saveOrganisation(callers.resellerAdmin, RESELLER, { supplier_account_manager: 2 });
    expect([manager.status, manager.body.code, manager.body.parameter]).toEqual([403, 'forbidden_field', 'supplier_account_manager']);
    const created = await saveOrganisation(callers.resellerAdmin, RESELLER, {
      new_supplier_account_manager: { account_manager_name: 'Mine', account_manager_email: 'mine@supplier.example' },
    });
    expect([created.status, created.body.code, created.body.parameter]).toEqual([403, 'forbidden_field', 'new_supplier_account_manager']);
    const below = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, { can_create_resellers: true });
    expect(below.status).toBe(200);
  });

  it.each([
    ['nav_bar_colour', 'red', 400],
    ['nav_bar_colour', '#12345', 400],
    ['heading_font', 'Arial;}body{background:url(//x)', 400],
    ['text_body_font', 'Comic Sans (MS)', 400],
    ['order_manual_auth_limit', '-5.00', 400],
    ['admin_email', 'not an address', 400],
    ['footer_text', 'x'.repeat(501), 400],
  ] as const)('refuses %s %j (400 naming it)', async (field, value, status) => {
    const response = await saveOrganisation(callers.root, CUSTOMER, { [field]: value });
    expect([response.status, response.body.parameter]).toEqual([status, field]);
  });

  it('takes a base URL of http or https only, from root admins', async () => {
    const response = await saveOrganisation(callers.root, CUSTOMER, { base_url: 'javascript:alert(1)' });
    expect([response.status, response.body.parameter]).toEqual([400, 'base_url']);
  });

  describe('account managers', () => {
    it('adds, changes and removes managers, each a change of the organisation in the audit log', async () => {
      const [chloe] = await managersOf(RESELLER);
      const added = await saveOrganisation(callers.resellerAdmin, RESELLER, {
        account_managers: [
          { ...chloe, account_manager_phone: '0161 496 0003' },
          { account_manager_name: 'Dan Dealer', account_manager_email: 'dan@reseller.example', account_manager_phone: null },
        ],
      });
      expect(added.status, added.text).toBe(200);
      expect(added.body.account_managers.map((manager) => [manager.account_manager_name, manager.account_manager_phone])).toEqual([
        ['Chloe Channel', '0161 496 0003'],
        ['Dan Dealer', null],
      ]);
      const removed = await saveOrganisation(callers.resellerAdmin, RESELLER, { account_managers: [added.body.account_managers[0]] });
      expect(removed.body.account_managers.map((manager) => manager.account_manager_name)).toEqual(['Chloe Channel']);
      const changes = (await auditOf(RESELLER))
        .slice(0, 3)
        .flatMap((entry) => entry.field_changes.map((change) => [change.field, change.old_value, change.new_value]));
      expect(changes).toEqual(
        expect.arrayContaining([
          ['account_managers', 'Dan Dealer <dan@reseller.example>', null],
          ['account_managers', null, 'Dan Dealer <dan@reseller.example>'],
        ]),
      );
    });

    it('refuses an e-mail twice in the list, in any case (409 naming the item)', async () => {
      const response = await saveOrganisation(callers.resellerAdmin, RESELLER, {
        account_managers: [
          { account_manager_name: 'One', account_manager_email: 'same@reseller.example' },
          { account_manager_name: 'Two', account_manager_email: 'SAME@Reseller.example' },
        ],
      });
      expect([response.status, response.body.code, response.body.parameter]).toEqual([
        409,
        'duplicate_value',
        'account_managers[1].account_manager_email',
      ]);
      expect((await managersOf(RESELLER)).map((manager) => manager.account_manager_name)).toEqual(['Chloe Channel']);
    });

    it('refuses to remove a manager a child organisation still has (409 record_in_use), or to change another organisation’s', async () => {
      const kept = await saveOrganisation(callers.resellerAdmin, RESELLER, { account_managers: [] });
      expect([kept.status, kept.body.code]).toEqual([409, 'record_in_use']);
      const foreign = await saveOrganisation(callers.resellerAdmin, RESELLER, {
        account_managers: [{ id: 1, account_manager_name: 'Alice Account', account_manager_email: 'alice@supplier.example' }],
      });
      expect([foreign.status, foreign.body.code, foreign.body.parameter]).toEqual([422, 'unknown_value', 'account_managers[0].id']);
    });

    it('keeps the root organisation’s managers on the provider’s own domain (its base URL’s)', async () => {
      const { record } = await loadOrganisation(callers.root, SUPPLIER);
      const outside = await saveOrganisation(callers.root, SUPPLIER, {
        account_managers: [...record.account_managers, { account_manager_name: 'Eve', account_manager_email: 'eve@elsewhere.example' }],
      });
      expect([outside.status, outside.body.code, outside.body.parameter]).toEqual([
        422,
        'provider_domain_required',
        'account_managers[2].account_manager_email',
      ]);
      const inside = await saveOrganisation(callers.root, SUPPLIER, {
        account_managers: [...record.account_managers, { account_manager_name: 'Eve', account_manager_email: 'eve@supplier.example' }],
      });
      expect(inside.status, inside.text).toBe(200);
    });
  });

  describe('supplier account manager', () => {
    it('is chosen among the parent’s managers (422 otherwise), or created new among them', async () => {
      const foreign = await saveOrganisation(callers.resellerAdmin, CUSTOMER, { supplier_account_manager: 1 });
      expect([foreign.status, foreign.body.code, foreign.body.parameter]).toEqual([
        422,
        'account_manager_not_offered',
        'supplier_account_manager',
      ]);
      const created = await saveOrganisation(callers.resellerAdmin, CUSTOMER, {
        new_supplier_account_manager: {
          account_manager_name: 'Fay Field',
          account_manager_email: 'fay@reseller.example',
          account_manager_phone: '0161 496 0009',
        },
      });
      expect(created.status, created.text).toBe(200);
      expect(created.body.supplier_account_manager).toMatchObject({ account_manager_name: 'Fay Field' });
      expect((await managersOf(RESELLER)).map((manager) => manager.account_manager_name)).toContain('Fay Field');
      const cleared = await saveOrganisation(callers.resellerAdmin, CUSTOMER, { supplier_account_manager: null });
      expect([cleared.status, cleared.body.parameter]).toEqual([400, 'supplier_account_manager']);
    });
  });

  describe('addresses', () => {
    it('adds, changes and removes addresses', async () => {
      const { record } = await loadOrganisation(callers.resellerAdmin, RESELLER);
      const [office, warehouse] = record.addresses;
      const saved = await saveOrganisation(callers.resellerAdmin, RESELLER, {
        addresses: [
          { ...office, addr_line_2: 'Floor 3' },
          {
            name: 'Depot',
            company_name: 'Reseller Partners UK Ltd',
            addr_line_1: '1 Dock Road',
            city: 'Liverpool',
            postal_code: 'L3 4AA',
            country_code: 'GB',
          },
        ],
      });
      expect(saved.status, saved.text).toBe(200);
      // In the order they were added.
      expect(saved.body.addresses.map((address) => [address.name, address.addr_line_2])).toEqual([
        ['Registered office', 'Floor 3'],
        ['Depot', null],
      ]);
      expect(saved.body.addresses.some((address) => address.id === warehouse!.id)).toBe(false);
      const changes = (await auditOf(RESELLER))[0]!.field_changes.map((change) => change.field);
      expect(changes.every((field) => field === 'addresses')).toBe(true);
    });

    it.each([
      [{ name: 'No city', company_name: 'X', addr_line_1: '1 Road', postal_code: 'A1', country_code: 'GB' }, 400, 'city'],
      [{ name: 'n'.repeat(101), company_name: 'X', addr_line_1: '1 Road', city: 'Y', postal_code: 'A1', country_code: 'GB' }, 400, 'name'],
      [
        { name: 'Long code', company_name: 'X', addr_line_1: '1 Road', city: 'Y', postal_code: 'p'.repeat(37), country_code: 'GB' },
        400,
        'postal_code',
      ],
      [
        { name: 'Nowhere', company_name: 'X', addr_line_1: '1 Road', city: 'Y', postal_code: 'A1', country_code: 'QQ' },
        422,
        'addresses[0].country_code',
      ],
    ])('refuses %j (%i naming %s)', async (address, status, field) => {
      const response = await saveOrganisation(callers.resellerAdmin, EU_CUSTOMER, { addresses: [address] });
      expect(response.status).toBe(status);
      expect(response.body.parameter).toContain(field);
    });
  });

  describe('side by side', () => {
    it('two saves creating the same new supplier account manager store one: the other is 409', async () => {
      const [first, second] = await Promise.all(
        [EU_CUSTOMER, CUSTOMER].map((id, i) =>
          saveOrganisation(callers.root, id, {
            new_supplier_account_manager: {
              account_manager_name: `Racer ${i}`,
              account_manager_email: i === 0 ? 'race@reseller.example' : 'RACE@reseller.example',
            },
          }),
        ),
      );
      expect([first!.status, second!.status].sort()).toEqual([200, 409]);
      const loser = first!.status === 409 ? first! : second!;
      expect(loser.body).toMatchObject({ code: 'duplicate_value', parameter: 'new_supplier_account_manager.account_manager_email' });
      expect(
        (await managersOf(RESELLER)).filter((manager) => manager.account_manager_email.toLowerCase() === 'race@reseller.example'),
      ).toHaveLength(1);
    });

    it('a save of a record changed meanwhile is refused (412), not lost', async () => {
      const { record, etag } = await loadOrganisation(callers.resellerAdmin, EU_CUSTOMER);
      expect((await saveOrganisation(callers.root, EU_CUSTOMER, { footer_text: 'Changed by root' })).status).toBe(200);
      const stale = await callers.resellerAdmin.request<Organisation & Problem>(
        'PUT',
        `/api/v1/organisations/${EU_CUSTOMER}`,
        { ...record, footer_text: 'Mine' },
        { 'x-csrf-token': callers.resellerAdmin.csrfToken() ?? '', 'if-match': etag },
      );
      expect([stale.status, stale.body.code]).toEqual([412, 'stale_record']);
    });
  });
});
