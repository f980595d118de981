import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';
import {
  addUserWithoutRoles,
  BUYER,
  CHECKOUT_ONLY,
  EU_BUYER,
  NO_ROLE_USER,
  RESELLER_ADMIN,
  ROOT_ADMIN,
  signedIn,
} from '../../testing/testUsers';
import { ordersWithPurchaseOrderNumber } from './checkoutRules';

// GET /lookup/purchase_order_number (000 §5, 001 §5): the PO uniqueness warning for whoever may
// place an order with a number, whether or not they may search the orders.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
});
afterAll(async () => server.close());

const check = (number: string) => `/api/v1/lookup/purchase_order_number?${new URLSearchParams({ number }).toString()}`;

describe('GET /lookup/purchase_order_number', () => {
  it("answers whether an order of the caller's organisation carries the number, in any case and spacing", async () => {
    const [own] = (await server
      .db('orders')
      .where('organisation_id', 3)
      .whereNotNull('purchase_order_number')
      .pluck('purchase_order_number')) as string[];
    const [others] = (await server
      .db('orders')
      .whereNot('organisation_id', 3)
      .whereNotNull('purchase_order_number')
      .pluck('purchase_order_number')) as string[];
    expect(own && others).toBeTruthy();
    const buyer = await signedIn(server, BUYER);
    expect((await buyer.get(check(` ${own!.toLowerCase()} `))).body).toEqual({ taken: true });
    expect((await buyer.get(check(others!))).body).toEqual({ taken: false });
    expect((await buyer.get(check('PO-NEVER-USED'))).body).toEqual({ taken: false });
    expect((await buyer.get(check('  '))).body).toEqual({ taken: false });
  });

  it('is for those who check out or accept quotes, and never for supplier staff', async () => {
    expect((await (await signedIn(server, CHECKOUT_ONLY)).get(check('PO-1'))).status).toBe(200);
    expect((await (await signedIn(server, RESELLER_ADMIN)).get(check('PO-1'))).status).toBe(200);
    // Searching orders is not placing one: the EU buyer holds order:view only.
    expect((await (await signedIn(server, EU_BUYER)).get(check('PO-1'))).status).toBe(403);
    expect((await (await signedIn(server, NO_ROLE_USER)).get(check('PO-1'))).status).toBe(403);
    expect((await (await signedIn(server, ROOT_ADMIN)).get(check('PO-1'))).status).toBe(403);
    expect((await (await signedIn(server, BUYER)).get('/api/v1/lookup/purchase_order_number')).body).toEqual({ taken: false });
    expect((await (await signedIn(server, BUYER)).get(check('x'.repeat(46)))).status).toBe(400);
  });
});

describe('the purchase-order number check', () => {
  it('reads through the index on (organisation, lower(number)), not every order of the organisation', async () => {
    const { sql, bindings } = ordersWithPurchaseOrderNumber(server.db, 3, ' PO-Any ').toSQL();
    const plan =
      server.db.client.config.client === 'pg'
        ? // A test database's few orders are read faster by a scan; the question is whether the index can serve.
          await server.db.transaction(async (trx) => {
            await trx.raw('set local enable_seqscan = off');
            await trx.raw('set local enable_bitmapscan = off');
            return ((await trx.raw(`explain ${sql}`, bindings)) as { rows: { 'QUERY PLAN': string }[] }).rows.map(
              (row) => row['QUERY PLAN'],
            );
          })
        : ((await server.db.raw(`explain query plan ${sql}`, bindings)) as { detail: string }[]).map((row) => row.detail);
    // Both columns looked up in the index, not the organisation's orders read and filtered.
    const lookup =
      server.db.client.config.client === 'pg'
        ? /orders_organisation_id_lower_purchase_order_number_index[\s\S]*Index Cond: .*organisation_id.*lower/
        : /orders_organisation_id_lower_purchase_order_number_index \(organisation_id=\? AND <expr>=\?\)/;
    expect(plan.join('\n')).toMatch(lookup);
  });
});
