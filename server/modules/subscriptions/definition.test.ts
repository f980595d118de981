import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Subscription } from '../../generated/types';
import { SYSTEM_ACTOR } from '../audit/auditTrail';
import { inTransaction } from '../../writes/records';
import { writeVersionedRows } from '../../testing/versionedRows';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

/**
 * PUT /subscriptions/{id} (001 §2, §6, §7; docs/after-sale.md): contract:modify within the reach
 * of the grant edits the name and renewal; a CANCELLED subscription keeps its renewal.
 * Demo: 2 "Dropbox team storage" (Customer Co, ACTIVE, monthly, 12 months, 18 users at £12.50),
 * 1 "Zoom Workplace for head office" (Customer Co, ANNUALLY), 6 "Branch session border controller"
 * (the branch), 8 "Branch Dropbox Advanced" (the branch, CANCELLED), 12 "Acronis protection"
 * (Other Customer, another reseller's tree).
 */
const DROPBOX = 2;
const ZOOM_ANNUAL = 1;
const BRANCH_SBC = 6;
const CANCELLED = 8;
const OTHER_TREE = 12;

interface Problem {
  code: string;
  message_key: string;
  parameter?: string;
}

describe('PUT /subscriptions/{id}', () => {
  let server: TestServer;
  let resellerAdmin: TestClient;
  let root: TestClient;
  let staff: TestClient;
  let buyer: TestClient;
  let otherSales: TestClient;
  const original = new Map<number, Record<string, unknown>>();

  beforeAll(async () => {
    server = await startTestServer();
    [resellerAdmin, root, staff, buyer, otherSales] = [server.client(), server.client(), server.client(), server.client(), server.client()];
    await resellerAdmin.login('admin@reseller.example');
    await root.login('admin@supplier.example');
    await staff.login('staff@supplier.example');
    await buyer.login('buyer@customer.example');
    await otherSales.login('sales@other-reseller.example');
    for (const id of [DROPBOX, ZOOM_ANNUAL, BRANCH_SBC, CANCELLED]) {
      original.set(
        id,
        await server
          .db('subscriptions')
          .where('id', id)
          .first('name', 'auto_renewal_flag', 'renewal_term_months', 'recurring_cost', 'total_contract_value'),
      );
    }
  });
  afterAll(async () => {
    await server.close();
  });
  /** Each test starts from the demo's subscriptions. */
  beforeEach(async () => {
    await inTransaction(server.db, SYSTEM_ACTOR, async (records) => {
      for (const [id, row] of original)
        await records.update('subscription', id, {
          name: row['name'],
          auto_renewal_flag: Boolean(row['auto_renewal_flag']),
          renewal_term_months: row['renewal_term_months'],
        });
    });
    for (const [id, row] of original)
      await server
        .db('subscriptions')
        .where('id', id)
        .update({ recurring_cost: row['recurring_cost'], total_contract_value: row['total_contract_value'] });
  });

  const put = <T = Subscription>(client: TestClient, id: number, body: unknown, ifMatch?: string) =>
    client.request<T>('PUT', `/api/v1/subscriptions/${id}`, body, {
      'x-csrf-token': client.csrfToken() ?? '',
      ...(ifMatch !== undefined && { 'if-match': ifMatch }),
    });
  const audits = (id: number) => server.db('audit_log_entries').where({ entity_type: 'subscription', entity_id: id }).orderBy('id');

  it('renames a subscription and turns its auto renewal off, trimmed and audited, answering the record with its new ETag', async () => {
    const before = (await audits(DROPBOX)).length;
    const response = await put(resellerAdmin, DROPBOX, { name: '  Team storage  ', auto_renewal_flag: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: DROPBOX,
      name: 'Team storage',
      auto_renewal_flag: false,
      renewal_term_months: 12,
      status: 'ACTIVE',
    });
    const read = await resellerAdmin.get(`/api/v1/subscriptions/${DROPBOX}`);
    expect(response.headers.get('etag')).toBe(read.headers.get('etag'));
    const entries = (await audits(DROPBOX)).slice(before);
    expect(entries.map((entry) => entry.action)).toEqual(['UPDATE']);
    const changes = await server
      .db('audit_field_changes')
      .where('entry_id', entries[0].id)
      .orderBy('field')
      .select('field', 'old_value', 'new_value');
    expect(changes).toEqual([
      { field: 'auto_renewal_flag', old_value: 'true', new_value: 'false' },
      { field: 'name', old_value: 'Dropbox team storage', new_value: 'Team storage' },
    ]);
    // A save that changes nothing writes nothing.
    expect((await put(resellerAdmin, DROPBOX, { name: 'Team storage', auto_renewal_flag: false })).status).toBe(200);
    expect(await audits(DROPBOX)).toHaveLength(before + 1);
  });

  it('a new renewal term stores the figures it makes (000 §9): 18 users at £12.50 a month over 24 months is £5,400.00', async () => {
    const response = await put(resellerAdmin, DROPBOX, { name: 'Dropbox team storage', renewal_term_months: 24 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ renewal_term_months: 24, recurring_cost: '225.00', total_contract_value: '5400.00' });
    const [line] = (await resellerAdmin.get<{ total_contract_value: string }[]>(`/api/v1/subscriptions/${DROPBOX}/products`)).body;
    expect(line?.total_contract_value).toBe('5400.00');
  });

  it('a renewal term must be a whole number of billing periods (422 renewal_term_billing), from 1 to 60 months (400)', async () => {
    const uneven = await put<Problem>(resellerAdmin, ZOOM_ANNUAL, { name: 'Zoom Workplace for head office', renewal_term_months: 18 });
    expect([uneven.status, uneven.body.code, uneven.body.message_key, uneven.body.parameter]).toEqual([
      422,
      'renewal_term_billing',
      'problem.renewal_term_billing',
      'renewal_term_months',
    ]);
    expect((await put(resellerAdmin, ZOOM_ANNUAL, { name: 'Zoom Workplace for head office', renewal_term_months: 36 })).status).toBe(200);
    for (const months of [0, 61, 1.5])
      expect((await put(resellerAdmin, DROPBOX, { name: 'Dropbox team storage', renewal_term_months: months })).status).toBe(400);
    expect((await put(resellerAdmin, DROPBOX, { name: '   ' })).status).toBe(400);
    expect((await put(resellerAdmin, DROPBOX, { auto_renewal_flag: true })).status).toBe(400);
    expect((await put(resellerAdmin, DROPBOX, { name: 'x', colour: 'blue' })).status).toBe(400);
    // Its status is its actions', never this call's (records round-trip: sent as it is, it passes).
    expect((await put<Problem>(resellerAdmin, DROPBOX, { name: 'x', status: 'CANCELLED' })).body).toMatchObject({
      code: 'forbidden_field',
      parameter: 'status',
    });
    expect((await server.db('subscriptions').where('id', DROPBOX).first('name')).name).toBe('Dropbox team storage');
  });

  it('a CANCELLED subscription is renamed, but its renewal does not change (409 subscription_not_renewing)', async () => {
    const { auto_renewal_flag, renewal_term_months } = original.get(CANCELLED)!;
    const renamed = await put(resellerAdmin, CANCELLED, {
      name: 'Old branch Dropbox',
      auto_renewal_flag: Boolean(auto_renewal_flag),
      renewal_term_months,
    });
    expect(renamed.status).toBe(200);
    const refused = await put<Problem>(resellerAdmin, CANCELLED, { name: 'Old branch Dropbox', auto_renewal_flag: !auto_renewal_flag });
    expect([refused.status, refused.body.code, refused.body.message_key]).toEqual([
      409,
      'subscription_not_renewing',
      'problem.subscription_not_renewing',
    ]);
    expect((await put<Problem>(resellerAdmin, CANCELLED, { name: 'Old branch Dropbox', renewal_term_months: 24 })).body.code).toBe(
      'subscription_not_renewing',
    );
  });

  it('sends 412 stale_record when the subscription changed since it was read (If-Match)', async () => {
    const read = await resellerAdmin.get(`/api/v1/subscriptions/${DROPBOX}`);
    const etag = read.headers.get('etag')!;
    expect((await put(root, DROPBOX, { name: 'Renamed by root' })).status).toBe(200);
    const stale = await put<Problem>(resellerAdmin, DROPBOX, { name: 'Renamed by Rita' }, etag);
    expect([stale.status, stale.body.code]).toEqual([412, 'stale_record']);
    expect((await server.db('subscriptions').where('id', DROPBOX).first('name')).name).toBe('Renamed by root');
  });

  it("needs contract:modify: a buyer, root staff without it and another reseller's sales are refused (403)", async () => {
    for (const client of [buyer, staff, otherSales]) expect((await put(client, DROPBOX, { name: 'Mine now' })).status).toBe(403);
    expect((await put(root, OTHER_TREE, { name: 'Acronis protection' })).status).toBe(200);
  });

  it('reaches only where the grant reaches: outside the tree, or the own organisation with a grant of 1, is 404', async () => {
    expect((await put(resellerAdmin, OTHER_TREE, { name: 'Not Rita’s' })).status).toBe(404);
    expect((await put(resellerAdmin, 999, { name: 'Missing' })).status).toBe(404);
    // The buyer's role gains contract:modify over child organisations only (000 §6 value 1).
    const permission = (await server.db('permissions').where('name', 'contract:modify').first('id')) as { id: number };
    const [grant] = (await writeVersionedRows(server.db, (trx) =>
      trx('role_permissions').insert({ role_id: 1, permission_id: permission.id, value: 1 }).returning('id'),
    )) as ({ id: number } | number)[];
    try {
      const mine = await server.client();
      await mine.login('buyer@customer.example');
      expect((await put(mine, DROPBOX, { name: 'Own organisation' })).status).toBe(404);
      expect((await put(mine, BRANCH_SBC, { name: 'Branch SBC' })).status).toBe(200);
    } finally {
      await writeVersionedRows(server.db, (trx) =>
        trx('role_permissions')
          .where('id', typeof grant === 'object' ? grant.id : grant)
          .delete(),
      );
    }
  });
});
