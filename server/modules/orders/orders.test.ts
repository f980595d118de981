import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import {
  addUserWithoutRoles,
  BUYER,
  EU_BUYER,
  idsOf,
  NO_ROLE_USER,
  OTHER_RESELLER_SALES,
  RESELLER_ADMIN,
  signedIn,
  type Row,
} from '../../testing/testUsers';

// Demo orders (seeds/demo/orders.ts): 20, organisations in turn Customer Co, its branch, EU Customer,
// Customer Co, Other Customer; Customer Co's subtree holds 12 of them.
const CUSTOMER_SUBTREE_ORDERS = [1, 2, 4, 6, 7, 9, 11, 12, 14, 16, 17, 19];

let server: TestServer;
let buyer: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

async function list(client: TestClient, query: string) {
  const response = await client.get<Row[]>(`/api/v1/orders${query}`);
  expect(response.status, response.text).toBe(200);
  return response;
}

describe('GET /orders', () => {
  it('shows a buyer the orders of their organisation and its branch, not EU Customer or Other Reseller', async () => {
    const response = await list(buyer, '?per_page=96');
    expect(idsOf(response.body)).toEqual(CUSTOMER_SUBTREE_ORDERS);
    expect(new Set(response.body.map((row) => (row['organisation'] as { id: number }).id))).toEqual(new Set([3, 7]));
  });

  it('shows a reseller its customers, and the other reseller only its own customer', async () => {
    const reseller = await list(await signedIn(server, RESELLER_ADMIN), '?per_page=96');
    expect(reseller.body).toHaveLength(16);
    const other = await list(await signedIn(server, OTHER_RESELLER_SALES), '?per_page=96');
    expect(idsOf(other.body)).toEqual([5, 10, 15, 20]);
  });

  it('answers rows with the organisation and the creating user expanded', async () => {
    const [row] = (await list(buyer, '?text=HUB-10001')).body;
    expect(row).toMatchObject({
      id: 1,
      name: 'HUB-10001',
      purchase_order_number: 'PO-3-1',
      status: 'CREATED',
      order_type: 'SALES_ORDER',
      currency: 'GBP',
      total: '116.00',
      date: '2026-01-05T09:30:00.000Z',
      organisation: { id: 3, name: 'Customer Co Ltd' },
      created_by_user: { id: 3, name: 'Bob Buyer' },
    });
  });

  it('searches reference, supplier ref and PO number, ignoring case', async () => {
    expect(idsOf((await list(buyer, '?text=hub-1000')).body)).toEqual([1, 2, 4, 6, 7, 9]);
    expect(idsOf((await list(buyer, '?text=so700012')).body)).toEqual([12]);
    expect(idsOf((await list(buyer, '?text=PO-7-')).body)).toEqual([2, 7, 12, 17]);
  });

  it('filters by an organisation and its subtree', async () => {
    expect(idsOf((await list(buyer, '?organisation=7')).body)).toEqual([2, 7, 12, 17]);
    expect((await list(buyer, '?organisation=3&per_page=96')).body).toHaveLength(12);
    // An organisation outside the caller's subtree adds nothing to what the scope allows.
    expect((await list(buyer, '?organisation=4')).body).toEqual([]);
  });

  it('filters "my customers": every organisation of the tree but the caller\'s own (001 §2)', async () => {
    // Customer Co (3) orders 12, its branch (7) the four below; customers=false filters nothing.
    expect(idsOf((await list(buyer, '?customers=true&per_page=96')).body)).toEqual([2, 7, 12, 17]);
    expect((await list(buyer, '?customers=false&per_page=96')).body).toHaveLength(12);
    expect((await buyer.get('/api/v1/orders?customers=maybe')).status).toBe(400);
  });

  it('filters by whole days of the order date', async () => {
    // Orders fall every third day from 2026-01-05: ids 3 to 6 lie between the 11th and 20th.
    expect(idsOf((await list(buyer, '?start_date=2026-01-11&end_date=2026-01-20')).body)).toEqual([4, 6]);
    expect(idsOf((await list(buyer, '?start_date=2026-01-20&end_date=2026-01-20')).body)).toEqual([6]);
  });

  it('filters by value range on the total', async () => {
    const rows = (await list(buyer, '?value_from=100&value_to=500&per_page=96')).body;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(12);
    for (const row of rows) {
      const total = new Decimal(String(row['total']));
      expect(total.gte(100) && total.lte(500), String(row['total'])).toBe(true);
    }
  });

  it('filters by status, order type and payment type, each repeatable', async () => {
    expect(idsOf((await list(buyer, '?status=COMPLETE&status=SHIPPED')).body)).toEqual([6, 16]);
    expect(idsOf((await list(buyer, '?order_type=CHANGE_ORDER')).body)).toEqual([4, 12, 16]);
    expect(idsOf((await list(buyer, '?payment_type=FINANCE')).body)).toEqual([7, 14]);
    expect((await buyer.get('/api/v1/orders?status=LOST')).status).toBe(400);
  });

  it('sorts newest first by default, and by the columns asked for', async () => {
    const byDate = (await list(buyer, '?per_page=96')).body.map((row) => String(row['date']));
    expect(byDate).toEqual([...byDate].sort().reverse());
    const byTotal = (await list(buyer, '?sort_by=%2Btotal&per_page=96')).body.map((row) => new Decimal(String(row['total'])));
    byTotal.slice(1).forEach((total, index) => expect(total.gte(byTotal[index]!)).toBe(true));
    const byStatus = (await list(buyer, '?sort_by=-status&per_page=96')).body.map((row) => String(row['status']));
    expect(byStatus).toEqual([...byStatus].sort().reverse());
  });

  it('pages with x-total-count and x-total-pages', async () => {
    const page = await list(buyer, '?per_page=5&page=3');
    expect(page.headers.get('x-total-count')).toBe('12');
    expect(page.headers.get('x-total-pages')).toBe('3');
    expect(page.body).toHaveLength(2);
    expect((await buyer.get('/api/v1/orders?per_page=97')).status).toBe(400);
  });

  it('needs order:view, and a session', async () => {
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/orders')).status).toBe(403);
    expect((await server.client().get('/api/v1/orders')).status).toBe(401);
  });
});

describe('GET /orders/{id}', () => {
  it('answers an order in scope with its details', async () => {
    const response = await buyer.get<Row>('/api/v1/orders/6');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 6,
      status: 'COMPLETE',
      shipping_city: 'Leeds',
      shipping_country_code: 'GB',
      organisation: { id: 3 },
    });
    expect(response.body).toMatchObject({ shipping_type: { id: 1, name: 'Standard UK delivery' }, quote: null });
    expect((await buyer.get<Row>('/api/v1/orders/1')).body['quote']).toEqual({ id: 3, name: 'Quote 3 accepted' });
  });

  it('names the subscription a change order changes (001 §2 change-order view); a sales order has none', async () => {
    expect((await buyer.get<Row>('/api/v1/orders/16')).body).toMatchObject({
      order_type: 'CHANGE_ORDER',
      subscription: { id: 2, name: 'Dropbox team storage' },
    });
    expect((await buyer.get<Row>('/api/v1/orders/6')).body['subscription']).toBeNull();
  });

  it('has demo shipments with serial numbers for shipped orders', async () => {
    const shipment = await server.db('shipments').where('order_id', 6).first();
    expect(shipment).toMatchObject({ reference: 'SHP-6' });
    const serials = await server.db('order_units').where('order_id', 6).orderBy('serial_number').pluck('serial_number');
    expect(serials).toEqual(['SN-6-001', 'SN-6-002', 'SN-6-003']);
  });

  it('is 404 outside the caller scope, as for a missing order', async () => {
    expect((await buyer.get('/api/v1/orders/3')).status).toBe(404);
    expect((await buyer.get('/api/v1/orders/5')).status).toBe(404);
    expect((await buyer.get('/api/v1/orders/999')).status).toBe(404);
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/orders/3')).status).toBe(200);
  });

  it('needs order:view', async () => {
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/orders/1')).status).toBe(403);
  });
});

describe('GET /orders/{id}/line_items, /shipments, /linked_supplier_refs', () => {
  it('answers the lines of an order in scope, with their sub-order columns', async () => {
    const lines = (await buyer.get<Row[]>('/api/v1/orders/6/line_items')).body;
    expect(lines.map((line) => [line['name'], line['quantity'], line['price'], line['sub_total_for_item']])).toEqual([
      ['LOGI-CABLE-KIT', 3, '59.00', '177.00'],
      ['SVC-INSTALL-ROOM', 1, '650.00', '650.00'],
    ]);
    const dropbox = (await buyer.get<Row[]>('/api/v1/orders/17/line_items')).body;
    expect(dropbox[0]).toMatchObject({
      dropbox_team_name: 'team-17',
      dropbox_admin_email: 'it@customer.example',
      acronis_tenant_name: null,
      discount: '0.00',
    });
  });

  it('answers shipments with their items and serial numbers', async () => {
    const shipments = (await buyer.get<Row[]>('/api/v1/orders/6/shipments')).body;
    expect(shipments).toEqual([
      {
        id: expect.any(Number),
        reference: 'SHP-6',
        date: '2026-01-22T09:30:00.000Z',
        tracking_number: 'TRK123462',
        items: [
          {
            id: expect.any(Number),
            product: expect.any(Number),
            name: 'LOGI-CABLE-KIT',
            product_code: 'LOGI-CABLE-KIT',
            quantity: 3,
            serial_numbers: ['SN-6-001', 'SN-6-002', 'SN-6-003'],
          },
        ],
      },
    ]);
    expect((await buyer.get<Row[]>('/api/v1/orders/1/shipments')).body).toEqual([]);
  });

  it('answers linked supplier references', async () => {
    expect((await buyer.get<Row[]>('/api/v1/orders/6/linked_supplier_refs')).body.map((ref) => ref['supplier_ref'])).toEqual(['SO800006']);
  });

  it('is 404 for an order outside the caller scope, and 403 without order:view', async () => {
    for (const part of ['line_items', 'shipments', 'linked_supplier_refs']) {
      expect((await buyer.get(`/api/v1/orders/3/${part}`)).status, part).toBe(404);
      expect((await buyer.get(`/api/v1/orders/999/${part}`)).status, part).toBe(404);
    }
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/orders/1/line_items')).status).toBe(403);
  });
});
