import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionOrder, SubscriptionProduct, SubscriptionRow } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

const VENDORS = ['ACRONIS', 'DROPBOX', 'NUVIAS', 'SBC_AS_A_SERVICE', 'STAC_TEAMS', 'STAC_ZOOM_PHONE', 'ZOOM'];
const STATUSES = ['ACTIVE', 'EXPIRED', 'PENDING', 'CANCELLED', 'SUSPENDED'];

describe('subscriptions', () => {
  let server: TestServer;
  let buyer: TestClient;
  let root: TestClient;
  let euBuyer: TestClient;
  let otherReseller: TestClient;
  let resellerAdmin: TestClient;
  let buyerCount: number;

  beforeAll(async () => {
    server = await startTestServer();
    [buyer, root, euBuyer, otherReseller, resellerAdmin] = [
      server.client(),
      server.client(),
      server.client(),
      server.client(),
      server.client(),
    ];
    await buyer.login('buyer@customer.example');
    await root.login('admin@supplier.example');
    await euBuyer.login('buyer@eu-customer.example');
    await otherReseller.login('sales@other-reseller.example');
    await resellerAdmin.login('admin@reseller.example');
    buyerCount = Number((await server.db('subscriptions').whereIn('organisation_id', [3, 7]).count({ n: '*' }).first())?.['n']);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = (client: TestClient, query = '') => client.get<SubscriptionRow[]>(`/api/v1/subscriptions?per_page=96${query}`);
  const names = (rows: SubscriptionRow[]) => rows.map((row) => row.name);

  it('holds every vendor and every status in the demo data', async () => {
    const all = (await list(root)).body;
    expect(new Set(all.map((row) => row.type))).toEqual(new Set(VENDORS));
    expect(new Set(all.map((row) => row.status))).toEqual(new Set(STATUSES));
    expect(new Set(all.map((row) => row.organisation?.id))).toEqual(new Set([3, 4, 6, 7]));
  });

  it('links each subscription to a sales order of its own organisation, named by its reference (issue 22 item 17)', async () => {
    const rows = (await list(root)).body;
    const orders = await server.db('orders').whereIn(
      'id',
      rows.flatMap((row) => (row.order ? [row.order.id] : [])),
    );
    const organisationOf = new Map(
      orders.map((order: { id: number; organisation_id: number }) => [Number(order.id), Number(order.organisation_id)]),
    );
    const nameOf = new Map(orders.map((order: { id: number; name: string }) => [Number(order.id), order.name]));
    for (const row of rows)
      expect([row.name, organisationOf.get(row.order!.id), row.order!.name]).toEqual([
        row.name,
        row.organisation?.id,
        nameOf.get(row.order!.id),
      ]);
    expect(orders.every((order: { order_type: string }) => order.order_type === 'SALES_ORDER')).toBe(true);
  });

  it("shows the buyer its organisation's and its branch's subscriptions by name, with paging headers", async () => {
    const response = await buyer.get<SubscriptionRow[]>('/api/v1/subscriptions?per_page=3');
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-total-count'))).toBe(buyerCount);
    expect(Number(response.headers.get('x-total-pages'))).toBe(Math.ceil(buyerCount / 3));
    const all = (await list(buyer)).body;
    expect(all).toHaveLength(buyerCount);
    expect(new Set(all.map((row) => row.organisation?.id))).toEqual(new Set([3, 7]));
    expect(new Set(all.map((row) => row.status))).toEqual(new Set(STATUSES));
    const sorted = names(all);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(response.body).toEqual(all.slice(0, 3));
    expect((await buyer.get<SubscriptionRow[]>('/api/v1/subscriptions?per_page=3&page=2')).body).toEqual(all.slice(3, 6));
    expect(all[0]?.organisation).toMatchObject({ name: expect.any(String), depth: expect.any(Number), parent: expect.any(Number) });
  });

  it("hides the EU customer's and the other reseller's subscriptions from the buyer", async () => {
    const seen = names((await list(buyer)).body);
    for (const hidden of ['Zoom Workplace Business', 'Dropbox archive', 'Acronis protection', 'SBC pilot'])
      expect(seen).not.toContain(hidden);
  });

  it("shows a reseller admin its subtree and not the other reseller's customer", async () => {
    const rows = (await list(resellerAdmin)).body;
    expect(new Set(rows.map((row) => row.organisation?.id))).toEqual(new Set([3, 4, 7]));
  });

  it('reads one subscription in scope, 404 outside it', async () => {
    const own = await server.db('subscriptions').where('name', 'Branch session border controller').first('id');
    const foreign = await server.db('subscriptions').where('name', 'Zoom Workplace Business').first('id');
    const shown = await buyer.get<Subscription>(`/api/v1/subscriptions/${own.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      name: 'Branch session border controller',
      type: 'SBC_AS_A_SERVICE',
      status: 'ACTIVE',
      billing_frequency: 'THREE_YEARS',
      renewal_term_months: 36,
      recurring_cost: '540.00',
      total_contract_value: '540.00',
      currency: 'GBP',
      organisation: { id: 7 },
    });
    expect(shown.body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await buyer.get(`/api/v1/subscriptions/${foreign.id}`)).status).toBe(404);
    expect((await root.get(`/api/v1/subscriptions/${foreign.id}`)).status).toBe(200);
    expect((await buyer.get('/api/v1/subscriptions/99999')).status).toBe(404);
  });

  it('lists a subscription’s products and its order history, within scope only', async () => {
    const own = await server.db('subscriptions').where('name', 'Zoom Workplace for head office').first('id', 'order_id');
    const products = await buyer.get<SubscriptionProduct[]>(`/api/v1/subscriptions/${own.id}/products`);
    expect(products.status).toBe(200);
    expect(products.body.map((line) => [line.product?.product_code, line.quantity, line.product?.subscription_product_type])).toEqual([
      ['ZM-ONE-PRO', 25, 'BASE'],
      ['ZM-LARGE-MTG', 1, 'ADD_ON'],
    ]);
    const history = await buyer.get<SubscriptionOrder[]>(`/api/v1/subscriptions/${own.id}/orders`);
    expect(history.status).toBe(200);
    expect(history.body.map((order) => order.id)).toEqual([Number(own.order_id)]);
    expect(history.body[0]).toMatchObject({
      order_type: 'SALES_ORDER',
      name: expect.any(String),
      total: expect.stringMatching(/^\d+\.\d{2}/),
    });
    const foreign = await server.db('subscriptions').where('name', 'Zoom Workplace Business').first('id');
    expect((await buyer.get(`/api/v1/subscriptions/${foreign.id}/products`)).status).toBe(404);
    expect((await buyer.get(`/api/v1/subscriptions/${foreign.id}/orders`)).status).toBe(404);
    expect((await euBuyer.get(`/api/v1/subscriptions/${foreign.id}/products`)).status).toBe(403);
  });

  it('needs subscription:view (403) and a session (401)', async () => {
    expect((await euBuyer.get('/api/v1/subscriptions')).status).toBe(403);
    expect((await euBuyer.get('/api/v1/subscriptions/9')).status).toBe(403);
    expect((await otherReseller.get('/api/v1/subscriptions')).status).toBe(403);
    expect((await server.client().get('/api/v1/subscriptions')).status).toBe(401);
  });

  it('filters by name, case-insensitively', async () => {
    expect(names((await list(buyer, '&name=BRANCH')).body)).toEqual([
      'Branch Dropbox Advanced',
      'Branch managed support',
      'Branch session border controller',
    ]);
  });

  it('filters by organisation subtree', async () => {
    expect(new Set((await list(buyer, '&organisation=7')).body.map((row) => row.organisation?.id))).toEqual(new Set([7]));
    expect((await list(buyer, '&organisation=3')).body).toHaveLength(buyerCount);
    expect((await list(buyer, '&organisation=4')).body).toEqual([]);
    expect(new Set((await list(root, '&organisation=5')).body.map((row) => row.organisation?.id))).toEqual(new Set([6]));
  });

  it('filters by status and vendor, several values each', async () => {
    const rows = (await list(buyer, '&status=ACTIVE&status=PENDING')).body;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.status === 'ACTIVE' || row.status === 'PENDING')).toBe(true);
    expect(names((await list(buyer, '&vendor=DROPBOX&vendor=NUVIAS')).body)).toEqual([
      'Branch Dropbox Advanced',
      'Branch managed support',
      'Dropbox team storage',
    ]);
    expect(names((await list(buyer, '&vendor=ZOOM&status=ACTIVE')).body)).toEqual(['Zoom Workplace for head office']);
    expect((await list(buyer, '&vendor=WEBEX')).status).toBe(400);
  });

  it.each(['name', 'status', 'type', 'id'] as const)('sorts by %s both ways', async (field) => {
    const ascending = (await list(root, `&sort_by=%2B${field}`)).body.map((row) =>
      typeof row[field] === 'string' ? String(row[field]).toLowerCase() : row[field],
    );
    const descending = (await list(root, `&sort_by=-${field}`)).body.map((row) =>
      typeof row[field] === 'string' ? String(row[field]).toLowerCase() : row[field],
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0)));
    expect(descending).toEqual([...ascending].reverse());
  });
});
