import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket, Order } from '../../generated/types';
import { grantPermission } from '../../testing/grantPermission';
import { statementsOf } from '../../testing/statementsOf';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, OTHER_RESELLER_SALES, RESELLER_ADMIN, signedIn } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// 001 §4, §6, §7 order actions on the demo (seeds/demo/orders.ts): orders 9 and 19 are Customer Co's
// PENDING_AUTHORISATION, 1 and 11 its CREATED ones without an external id (1 from a quote), 7 and 17
// its branch's ATTENTION_REQUIRED, 2 PROCESSING. Rita (reseller admin) holds every permission
// above Customer Co; Bob (Customer Co's buyer) has order:checkout and order:modify_draft, not
// order:approve or order:modify; Eva (EU Customer) only views; Olly is another reseller's.
let server: TestServer;
let rita: TestClient;
let bob: TestClient;
let eva: TestClient;
let olly: TestClient;

type Problem = { code: string; message_key: string };
type LineRow = { id: number; product_id: number; quantity: number };

beforeAll(async () => {
  server = await startTestServer();
  [rita, bob, eva, olly] = await Promise.all([
    signedIn(server, RESELLER_ADMIN),
    signedIn(server, BUYER),
    signedIn(server, EU_BUYER),
    signedIn(server, OTHER_RESELLER_SALES),
  ]);
});
afterAll(async () => server.close());

const setOrder = (id: number, values: Record<string, unknown>) =>
  writeVersionedRows(server.db, (trx) => trx('orders').where('id', id).update(values));
const statusOf = async (id: number) => ((await server.db('orders').where('id', id).first('status')) as { status: string }).status;
const auditActions = async (id: number) =>
  (
    (await server.db('audit_log_entries').where({ entity_type: 'order', entity_id: id }).orderBy('id').select('action')) as {
      action: string;
    }[]
  ).map((row) => row.action);
const mails = async () =>
  ((await server.db('outbox_messages').where('topic', 'mail').orderBy('id').select('payload')) as { payload: string }[]).map(
    (row) => JSON.parse(row.payload) as { to: string; subject: string; text: string },
  );

describe('GET /orders/{id}', () => {
  it('carries the product lines and the linked supplier references (001 §3 Order)', async () => {
    const response = await bob.get<Order>('/api/v1/orders/2');
    expect(response.status).toBe(200);
    expect(response.body.line_items.length).toBeGreaterThan(0);
    expect(response.body.line_items[0]).toMatchObject({
      name: expect.any(String),
      quantity: expect.any(Number),
      price: expect.any(String),
    });
    expect(response.body.linked_supplier_refs).toEqual([{ id: expect.any(Number), supplier_ref: 'SO800002' }]);
  });
});

describe("approve and deny (order:approve, another organisation's PENDING_AUTHORISATION order)", () => {
  it("approves: CREATED, audited as APPROVE, and the subscribers of the order's tree are told", async () => {
    const before = (await mails()).length;
    const response = await rita.post<Order>('/api/v1/orders/9/approval');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: 9, status: 'CREATED' });
    expect(await auditActions(9)).toContain('APPROVE');
    const sent = (await mails()).slice(before);
    // Sam (root), Rita (Customer Co's reseller) and Bob (Customer Co) subscribed; Eva is elsewhere.
    expect(sent.map((mail) => mail.to).sort()).toEqual(['admin@reseller.example', 'admin@supplier.example', 'buyer@customer.example']);
    expect(sent[0]?.subject).toBe('Order HUB-10009: Created');
    expect(sent[0]?.text).toContain('The status of order HUB-10009 changed from Pending authorisation to Created.');
  });

  it('refuses a second approval, or a denial after it, with 409 invalid_state: never a silent repeat', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/orders/9/approval'],
      ['DELETE', '/api/v1/orders/9/approval'],
    ] as const) {
      const response = await rita.send<Problem>(method, path);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'invalid_state', message_key: 'problem.invalid_state' });
    }
  });

  it('denies: CANCELLED, audited as DENY', async () => {
    const response = await rita.send<Order>('DELETE', '/api/v1/orders/19/approval');
    expect(response.status, response.text).toBe(200);
    expect(response.body.status).toBe('CANCELLED');
    expect(await auditActions(19)).toContain('DENY');
  });

  it("needs order:approve, and never on the caller's own organisation's orders (403 own_record)", async () => {
    await setOrder(19, { status: 'PENDING_AUTHORISATION' });
    expect((await bob.post('/api/v1/orders/19/approval')).status).toBe(403);
    expect((await eva.send('DELETE', '/api/v1/orders/19/approval')).status).toBe(403);
    const revoke = await grantPermission(server.db, 'Buyer', 'order:approve', 2);
    try {
      const own = await bob.post<Problem>('/api/v1/orders/19/approval');
      expect(own.status).toBe(403);
      expect(own.body.code).toBe('own_record');
      expect(await statusOf(19)).toBe('PENDING_AUTHORISATION');
    } finally {
      await revoke();
    }
  });

  it("answers 404 for an order outside the caller's tree, as if it did not exist", async () => {
    const revoke = await grantPermission(server.db, 'Reseller sales', 'order:approve', 2);
    try {
      expect((await olly.post('/api/v1/orders/19/approval')).status).toBe(404);
    } finally {
      await revoke();
    }
  });

  it('lets exactly one of an approval and denials sent side by side win (409 invalid_state for the others)', async () => {
    for (let round = 0; round < 3; round++) {
      await setOrder(19, { status: 'PENDING_AUTHORISATION' });
      const answers = await Promise.all([
        rita.post('/api/v1/orders/19/approval'),
        rita.send('DELETE', '/api/v1/orders/19/approval'),
        rita.send('DELETE', '/api/v1/orders/19/approval'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      expect(await statusOf(19)).toBe(answers[0]!.status === 200 ? 'CREATED' : 'CANCELLED');
    }
  });

  it('lets exactly one of an approval and a cancellation of the order as both users saw it win (the other 412)', async () => {
    // Approved, the order is CREATED and may still be cancelled: what makes the later of the two
    // lose is that both were sent for the order as it was read (If-Match), as the order page sends them.
    for (let round = 0; round < 3; round++) {
      await setOrder(19, { status: 'PENDING_AUTHORISATION', external_id: null });
      const etag = (await rita.get('/api/v1/orders/19')).headers.get('etag') ?? '';
      const headers = { 'x-csrf-token': rita.csrfToken() ?? '', 'if-match': etag };
      const answers = await Promise.all([
        rita.request('POST', '/api/v1/orders/19/approval', undefined, headers),
        rita.request('DELETE', '/api/v1/orders/19', undefined, headers),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
      expect(await statusOf(19)).toBe(answers[0]!.status === 200 ? 'CREATED' : 'CANCELLED');
    }
  });

  it('honours If-Match: an order changed since it was read is 412 stale_record', async () => {
    await setOrder(19, { status: 'PENDING_AUTHORISATION' });
    const read = await rita.get('/api/v1/orders/19');
    const etag = read.headers.get('etag') ?? '';
    await setOrder(19, { purchase_order_number: 'PO-CHANGED' });
    const stale = await rita.request<Problem>('POST', '/api/v1/orders/19/approval', undefined, {
      'x-csrf-token': rita.csrfToken() ?? '',
      'if-match': etag,
    });
    expect(stale.status).toBe(412);
    const fresh = (await rita.get('/api/v1/orders/19')).headers.get('etag') ?? '';
    expect(
      (await rita.request('POST', '/api/v1/orders/19/approval', undefined, { 'x-csrf-token': rita.csrfToken() ?? '', 'if-match': fresh }))
        .status,
    ).toBe(200);
  });
});

describe('cancel (order:modify; no external id; CREATED, ATTENTION_REQUIRED or PENDING_AUTHORISATION)', () => {
  it('cancels a CREATED order without an external id, audited as CANCEL', async () => {
    const response = await rita.send<Order>('DELETE', '/api/v1/orders/11');
    expect(response.status, response.text).toBe(200);
    expect(response.body.status).toBe('CANCELLED');
    expect(await auditActions(11)).toContain('CANCEL');
  });

  it('refuses other statuses and orders the supplier already took (409 invalid_state)', async () => {
    expect((await rita.send<Problem>('DELETE', '/api/v1/orders/2')).body.code).toBe('invalid_state');
    // 7 is ATTENTION_REQUIRED but has an external id.
    const taken = await rita.send<Problem>('DELETE', '/api/v1/orders/7');
    expect(taken.status).toBe(409);
    expect(await statusOf(7)).toBe('ATTENTION_REQUIRED');
  });

  it('needs order:modify; a grant of 1 reaches child organisations only', async () => {
    await setOrder(11, { status: 'CREATED' });
    expect((await bob.send('DELETE', '/api/v1/orders/11')).status).toBe(403);
    let revoke = await grantPermission(server.db, 'Buyer', 'order:modify', 1);
    try {
      expect((await bob.send('DELETE', '/api/v1/orders/11')).status).toBe(404);
    } finally {
      await revoke();
    }
    revoke = await grantPermission(server.db, 'Buyer', 'order:modify', 2);
    try {
      expect((await bob.send('DELETE', '/api/v1/orders/11')).status).toBe(200);
    } finally {
      await revoke();
    }
  });
});

describe('resubmit (order:checkout; ATTENTION_REQUIRED)', () => {
  it('resubmits an order needing attention: CREATED, the warning cleared, audited as RESUBMIT', async () => {
    const response = await bob.post<Order>('/api/v1/orders/17/resubmit');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: 'CREATED', attention_required: null });
    expect(await auditActions(17)).toContain('RESUBMIT');
  });

  it('refuses other statuses (409) and callers without order:checkout (403)', async () => {
    expect((await bob.post<Problem>('/api/v1/orders/17/resubmit')).status).toBe(409);
    expect((await eva.post('/api/v1/orders/7/resubmit')).status).toBe(403);
  });
});

describe('create basket from order (order:modify_draft; an order without a quote)', () => {
  it("copies the order into a basket of the caller's organisation by 000 §4 and 001 §4", async () => {
    await setOrder(11, { purchase_order_number: 'PO-KEEP-OUT', payment_type: 'FINANCE', finance_first_name: 'Bob' });
    const lines = (await server.db('order_line_items').where('order_id', 11).orderBy('id')) as LineRow[];
    await server
      .db('order_line_items')
      .where('id', lines[0]!['id'])
      .update({ dropbox_team_name: 'team-x', dropbox_admin_email: 'it@x.example', markup: 50000, discount: 100000 });
    const response = await bob.post<Basket>('/api/v1/orders/11/basket', { name: '  Reorder of 11  ' });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Reorder of 11',
      organisation: { id: 3 },
      currency: 'GBP',
      payment_type: 'ON_ACCOUNT',
      purchase_order_number: null,
      finance_first_name: null,
    });
    const copied = (await server.db('basket_line_items').where('basket_id', response.body.id).orderBy('id')) as Record<string, unknown>[];
    expect(copied).toHaveLength(lines.length);
    expect(copied[0]).toMatchObject({
      product_id: lines[0]!['product_id'],
      quantity: lines[0]!['quantity'],
      dropbox_team_name: null,
      dropbox_admin_email: null,
      markup: null,
    });
    const audit = await server.db('audit_log_entries').where({ entity_type: 'basket', entity_id: response.body.id }).first('action');
    expect(audit).toMatchObject({ action: 'CREATE' });
  });

  it('names the basket "New basket" and the date and time in the user\'s time zone when no name is given', async () => {
    const response = await bob.post<Basket>('/api/v1/orders/11/basket', {});
    expect(response.status, response.text).toBe(201);
    expect(response.body.name).toMatch(/^New basket \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  });

  it('leaves out lines whose product the webstore no longer shows', async () => {
    const [line] = (await server.db('order_line_items').where('order_id', 11).orderBy('id')) as LineRow[];
    await writeVersionedRows(server.db, (trx) => trx('products').where('id', line!['product_id']).update({ show_in_webstore: false }));
    try {
      const response = await bob.post<Basket>('/api/v1/orders/11/basket', { name: 'Without hidden' });
      const copied = await server.db('basket_line_items').where('basket_id', response.body.id).select('product_id');
      expect(copied.map((row: { product_id: number }) => row.product_id)).not.toContain(line!['product_id']);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('products').where('id', line!['product_id']).update({ show_in_webstore: true }));
    }
  });

  it('refuses an order placed from a quote, a name taken, and callers without order:modify_draft', async () => {
    const quoted = await bob.post<Problem>('/api/v1/orders/1/basket', {});
    expect(quoted.status).toBe(409);
    expect(quoted.body.code).toBe('order_from_quote');
    const taken = await bob.post<Problem & { parameter: string }>('/api/v1/orders/11/basket', { name: 'reorder OF 11' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate_value', parameter: 'name' });
    expect((await eva.post('/api/v1/orders/3/basket', {})).status).toBe(403);
    // 4 is Customer Co's change order: nothing in it to buy again.
    const change = await bob.post<Problem>('/api/v1/orders/4/basket', {});
    expect([change.status, change.body.code]).toEqual([409, 'invalid_state']);
    expect((await bob.post('/api/v1/orders/11/basket', { name: 'x'.repeat(256) })).status).toBe(400);
  });
});

describe('the statements of one approval (docs/performance.md, "Checkout")', () => {
  /** Approves `id` and answers the statements it made, session reads included. */
  function statementsOfApproval(id: number): Promise<string[]> {
    return statementsOf(server.db, async () => {
      const response = await rita.post<Order>(`/api/v1/orders/${id}/approval`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ id, status: 'CREATED', organisation: { id: 3 } });
    });
  }

  it('reads the order once, locking it as it reads on PostgreSQL, and, warm, no organisation tree for its e-mails', async () => {
    try {
      // Both staged first: a staged write bumps every data version, the access one among them.
      await setOrder(4, { status: 'PENDING_AUTHORISATION' });
      await setOrder(14, { status: 'PENDING_AUTHORISATION' });
      await statementsOfApproval(4);
      const statements = await statementsOfApproval(14);
      // A lock by id alone (PostgreSQL: select "id" … for update) is no read; a lock that reads the row in scope is.
      const reads = (pattern: RegExp) =>
        statements.filter((sql) => pattern.test(sql) && !/^select [`"]id[`"] from [^;]* for update\b/i.test(sql)).length;
      expect(reads(/^select .* from [`"]orders[`"]/i)).toBe(1);
      // On PostgreSQL that read is the router's lock of the order (select … for update of it), not a statement beside it.
      // The transaction's data versions (the e-mails' looks are cached under one) are read in the same round trip.
      const locks = statements.filter((sql) => /^select .* from "orders" .*for update/i.test(sql));
      const versionReads = statements.filter((sql) => /^select [`"]name[`"], [`"]version[`"] from [`"]data_versions[`"]$/.test(sql));
      if (server.db.client.config.client === 'pg') {
        expect(locks).toEqual([
          expect.stringMatching(/^select "orders"\.\* .* for update of "orders";\nselect "name", "version" from "data_versions"$/),
        ]);
        expect(versionReads).toEqual([]);
      } else {
        expect(locks).toEqual([]);
        expect(versionReads).toHaveLength(1);
      }
      // The order's subscribers and their e-mails' looks come from the caches kept under the access version.
      expect(reads(/user_notifications/i)).toBe(0);
      expect(reads(/^select [`"]base_url[`"]/i)).toBe(0);
      // On PostgreSQL 3 round trips: the lock with BEGIN and the data versions; the order's view; the
      // settling, the new status among its writes, with the data versions' bump and the COMMIT.
      if (server.db.client.config.client === 'pg') {
        expect(statements.filter((sql) => /^update "orders"/.test(sql))).toEqual([]);
        expect(statements.filter((sql) => /updated_0 as \(update "orders" set "status" = /.test(sql))).toHaveLength(1);
        expect(statements.length).toBeLessThanOrEqual(3);
      }
    } finally {
      await setOrder(4, { status: 'PART_SHIPPED' });
      await setOrder(14, { status: 'PART_SHIPPED' });
    }
  });
});
