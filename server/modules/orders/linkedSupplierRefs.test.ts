import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { RESELLER_ADMIN, ROOT_ADMIN, signedIn } from '../../testing/testUsers';

// 001 §2, §4, §5, §6, §7 linked supplier references, on the demo: order 2 is PROCESSING with
// SO800002 linked, 3 carries the supplier reference SO700003, 6 is COMPLETE, 4 a change order.
let server: TestServer;
let root: TestClient;
let rita: TestClient;

type Problem = { code: string; parameter?: string };

beforeAll(async () => {
  server = await startTestServer();
  [root, rita] = await Promise.all([signedIn(server, ROOT_ADMIN), signedIn(server, RESELLER_ADMIN)]);
});
afterAll(async () => server.close());

const put = (client: TestClient, id: number, refs: string[]) =>
  client.send<Order & Problem>('PUT', `/api/v1/orders/${id}`, { linked_supplier_refs: refs.map((supplier_ref) => ({ supplier_ref })) });

describe('GET /lookup/supplier_ref/{ref}', () => {
  it('finds the order a supplier reference belongs to', async () => {
    const found = await root.get('/api/v1/lookup/supplier_ref/SO700003');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ id: 3, name: 'HUB-10003', supplier_ref: 'SO700003' });
  });

  it('answers so_regex for a malformed reference and 404 so_ref_not_found for an unknown one', async () => {
    const malformed = await root.get<Problem>('/api/v1/lookup/supplier_ref/SX700003');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'so_regex']);
    const unknown = await root.get<Problem>('/api/v1/lookup/supplier_ref/SO123');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'so_ref_not_found']);
  });

  it("is root's with order:modify", async () => {
    expect((await rita.get('/api/v1/lookup/supplier_ref/SO700003')).status).toBe(403);
  });
});

describe('PUT /orders/{id} linked_supplier_refs', () => {
  it('adds and removes references, each an audit entry of the order', async () => {
    const added = await put(root, 2, ['SO800002', ' SO700003 ', 'SO700003']);
    expect(added.status, added.text).toBe(200);
    expect(added.body.linked_supplier_refs.map((link) => link.supplier_ref)).toEqual(['SO800002', 'SO700003']);
    const removed = await put(root, 2, ['SO700003']);
    expect(removed.body.linked_supplier_refs.map((link) => link.supplier_ref)).toEqual(['SO700003']);
    const changes = (await server
      .db('audit_field_changes')
      .join('audit_log_entries', 'audit_log_entries.id', 'audit_field_changes.entry_id')
      .where({
        'audit_log_entries.entity_type': 'order',
        'audit_log_entries.entity_id': 2,
        'audit_field_changes.field': 'linked_supplier_refs',
      })
      .orderBy('audit_field_changes.id')
      .select('old_value', 'new_value')) as { old_value: string | null; new_value: string | null }[];
    expect(changes).toEqual([
      { old_value: null, new_value: 'SO700003' },
      { old_value: 'SO800002', new_value: null },
    ]);
  });

  it('refuses a reference breaking so_regex (400) or naming no sales order (422), and changes nothing', async () => {
    const malformed = await put(root, 2, ['SO700003', 'PO-1']);
    expect([malformed.status, malformed.body.code, malformed.body.parameter]).toEqual([400, 'so_regex', 'linked_supplier_refs']);
    const unknown = await put(root, 2, ['SO700003', 'SO999999']);
    expect([unknown.status, unknown.body.code]).toEqual([422, 'so_ref_not_found']);
    expect((await root.get<Order>('/api/v1/orders/2')).body.linked_supplier_refs.map((link) => link.supplier_ref)).toEqual(['SO700003']);
  });

  it('refuses FAILED, CANCELLED and COMPLETE orders and change orders (409 invalid_state)', async () => {
    for (const id of [6, 8, 10, 4]) {
      const response = await put(root, id, []);
      expect([response.status, response.body.code], `order ${id}`).toEqual([409, 'invalid_state']);
    }
  });

  it("is root's with order:modify: a reseller admin is refused (403)", async () => {
    expect((await put(rita, 2, [])).status).toBe(403);
  });
});
