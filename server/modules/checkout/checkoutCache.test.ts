import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../testing/statementsOf';
import { startTestServer, TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';
import { GB_ADDRESS, makeBasket } from '../../testing/checkoutBaskets';
import { startSecondInstance, type SecondInstance } from '../../testing/secondInstance';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';

// Checkout prices from the catalogue cached by its data version
// (modules/catalogue/catalogueInTransaction.ts), and reads its basket once: what one checkout costs
// the database (docs/performance.md, "Checkout"), and that no cached price or shipping rule
// outlives the write that changed it, in either of two app instances over one database (two
// processes behind a load balancer, each with its own pool and cache).

let server: TestServer;
let second: SecondInstance;
let buyer: TestClient;
let buyerB: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  second = await startSecondInstance(server);
  buyer = await signedIn(server, BUYER);
  buyerB = new TestClient(second.baseUrl);
  expect((await buyerB.login(BUYER)).status).toBe(200);
});
afterAll(async () => {
  await second.close();
  await server.close();
});

const TEN_LINES: [string, number][] = [
  ['GEN-HDMI-5M', 4],
  ['GEN-WALL-MOUNT', 2],
  ['LOGI-CABLE-KIT', 3],
  ['LOGI-RALLY-BAR', 1],
  ['LOGI-MEETUP', 2],
  ['LOGI-TAP', 1],
  ['LOGI-BRIO-4K', 5],
  ['YEA-W76P', 2],
  ['POLY-SYNC-20', 6],
  ['EPOS-EXPAND-80', 1],
];

/** The statements one checkout of a fresh 10-line basket makes, session read included. */
async function statementsOfCheckout(po: string): Promise<string[]> {
  const { id } = await makeBasket(server.db, TEN_LINES);
  return statementsOf(server.db, async () => {
    const response = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: po,
      ...GB_ADDRESS,
      shipping_type: 1,
    });
    expect(response.status, response.text).toBe(201);
  });
}

describe('one checkout of a 10-line basket', () => {
  it('reads the basket row once, and the catalogue and shipping rules from the cache once warm', async () => {
    await statementsOfCheckout('PO-STATEMENTS-1');
    const statements = await statementsOfCheckout('PO-STATEMENTS-2');
    if (process.env['SHOW_STATEMENTS']) console.log(`${statements.length} statements:\n${statements.join('\n')}`);
    // A lock by id alone (PostgreSQL: select "id" … for update) is no read; a lock that reads the row in scope is.
    const reads = (table: string) =>
      statements.filter(
        (sql) =>
          new RegExp(`^select .* from [\`"]${table}[\`"]`, 'i').test(sql) && !/^select [`"]id[`"] from [^;]* for update\b/i.test(sql),
      ).length;
    expect(reads('baskets')).toBe(1);
    for (const table of [
      'products',
      'price_lists',
      'price_list_items',
      'shipping_types',
      'shipping_type_countries',
      'shipping_prices',
      'vendors',
      'product_types',
      'rate_plans',
    ]) {
      expect(reads(table), table).toBe(0);
    }
    // The buyer's organisation, its order_created subscribers and their e-mail looks come from the
    // caches kept under the access version.
    expect(statements.filter((sql) => /^select \* from [`"]organisations[`"]/i.test(sql)).length).toBe(0);
    expect(statements.filter((sql) => /user_notifications/i.test(sql))).toEqual([]);
    // The rows its writes refer to (organisation, user, shipping type, products, the new order) are
    // vouched for: no query checks or names them for the audit entries, which are one insert.
    expect(statements.filter((sql) => /^select '[a-z_]+' as entity, id/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /^(with entries as \()?insert into [`"]audit_log_entries[`"]/i.test(sql))).toHaveLength(1);
    // 42 before the basket was read once and the catalogue cached, 25 before the audit entries were
    // one insert and references vouched for. Now 17 on SQLite; 3 round trips on PostgreSQL, where
    // BEGIN goes with the record's lock, the basket's lines, the PO number's lock and read and the
    // order's id in one round trip (firstReads), the order (its name with it), its lines, the
    // basket's fields sent and the basket's delete with the settling, which goes with the data
    // versions' bump and the COMMIT.
    expect(statements.length).toBeLessThanOrEqual(server.db.client.config.client === 'pg' ? 3 : 17);
  });
});

describe('a catalogue write and the next checkout', () => {
  const write = (work: Parameters<typeof inTransaction>[2]) => inTransaction(server.db, SYSTEM_ACTOR, work);
  let po = 0;
  const place = async (client: TestClient) => {
    const { id } = await makeBasket(server.db, [
      ['GEN-HDMI-5M', 4],
      ['GEN-WALL-MOUNT', 2],
    ]);
    const response = await client.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-CACHE-${++po}`,
      ...GB_ADDRESS,
      shipping_type: 1,
    });
    expect(response.status, response.text).toBe(201);
    return (await server.db('orders').where('id', response.body.id).first('total', 'ship_cost')) as {
      total: number | string;
      ship_cost: number | string;
    };
  };
  const money = (scaled: number | string) => (Number(scaled) / 10_000).toFixed(2);

  it('charges the new price and shipping rate through either instance, never a cached one', async () => {
    // Both instances have priced these products and this shipping type (their caches are warm).
    for (const client of [buyer, buyerB]) {
      const order = await place(client);
      // 4 × 9.50 + 2 × 39.00; FLAT shipping 9.95.
      expect([money(order.total), money(order.ship_cost)]).toEqual(['116.00', '9.95']);
    }
    const mount = (await server.db('products').where('product_code', 'GEN-WALL-MOUNT').first('id')) as { id: number };
    const items = (await server.db('price_list_items').where('product_id', mount.id).select('id', 'price')) as {
      id: number;
      price: number | string;
    }[];
    // Through the one write path, as a back-office change of a price and of a shipping rate is made.
    await write(async (records) => {
      for (const item of items) await records.update('price_list_item', Number(item.id), { price: '41.25' });
      await records.update('shipping_type', 1, { rate: '12.34' });
    });
    for (const client of [buyer, buyerB]) {
      const order = await place(client);
      expect([money(order.total), money(order.ship_cost)]).toEqual(['120.50', '12.34']);
    }
    await write(async (records) => {
      for (const item of items) await records.update('price_list_item', Number(item.id), { price: money(item.price) });
      await records.update('shipping_type', 1, { rate: '9.95' });
    });
    for (const client of [buyerB, buyer]) {
      const order = await place(client);
      expect([money(order.total), money(order.ship_cost)]).toEqual(['116.00', '9.95']);
    }
  });

  it("takes the buyer's organisation as last written, through either instance, never a cached one", async () => {
    const statusOf = async (client: TestClient) => {
      const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 4]]);
      const response = await client.post<Row>(`/api/v1/baskets/${id}/checkout`, {
        purchase_order_number: `PO-CACHE-${++po}`,
        ...GB_ADDRESS,
        shipping_type: 1,
      });
      expect(response.status, response.text).toBe(201);
      return response.body['status'];
    };
    for (const client of [buyer, buyerB]) expect(await statusOf(client)).toBe('CREATED');
    // 001 §4: orders above the limit wait for authorisation; set through the write path, as the back office does.
    await write((records) => records.update('organisation', 3, { orders_require_manual_auth: true, order_manual_auth_limit: '10.00' }));
    try {
      for (const client of [buyer, buyerB]) expect(await statusOf(client)).toBe('PENDING_AUTHORISATION');
    } finally {
      await write((records) => records.update('organisation', 3, { orders_require_manual_auth: false, order_manual_auth_limit: null }));
    }
    for (const client of [buyerB, buyer]) expect(await statusOf(client)).toBe('CREATED');
  });
});
