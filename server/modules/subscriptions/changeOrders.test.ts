import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrderPlaced, ChangeOrderPreview, SubscriptionProduct } from '../../generated/types';
import { SYSTEM_ACTOR } from '../audit/auditTrail';
import { inTransaction } from '../../writes/records';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

/** Demo: 2 Dropbox team storage (buyer's, ACTIVE, 18 users, monthly at 12.50 over 12 months), 1 ZOOM, 3 PENDING ACRONIS, 4 SUSPENDED, 12 another tree's. */
const DROPBOX = 2;
const DBX_BUS_STD = async (server: TestServer) => Number((await server.db('products').where('product_code', 'DBX-BUS-STD').first('id')).id);

describe('change orders (001 §4, §5, §7; 000 §9)', () => {
  let server: TestServer;
  let buyer: TestClient;
  let root: TestClient;
  let euBuyer: TestClient;
  let product: number;

  beforeAll(async () => {
    server = await startTestServer();
    buyer = server.client();
    root = server.client();
    euBuyer = server.client();
    await buyer.login('buyer@customer.example');
    await root.login('admin@supplier.example');
    await euBuyer.login('buyer@eu-customer.example');
    product = await DBX_BUS_STD(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const change = (subscription: number, lines: { product: number; quantity: number }[]) => ({
    subscription,
    order_type: 'CHANGE_ORDER',
    line_items: lines,
  });

  it('shows the breakdown with plan, recurring cost, contract value and the quantity rules', async () => {
    const [line] = (await buyer.get<SubscriptionProduct[]>(`/api/v1/subscriptions/${DROPBOX}/products`)).body;
    // Monthly (3–100 users) at 12.50: 18 × 12.50 = 225.00 a month, × 12 months = 2,700.00.
    expect(line).toMatchObject({
      quantity: 18,
      rate_plan: 'Monthly (3–100 users)',
      recurring_cost: '225.00',
      total_contract_value: '2700.00',
      min_quantity: 18,
      max_quantity: 100,
      volume_ranges: [],
    });
    expect(line!.product).toMatchObject({ product_code: 'DBX-BUS-STD', subscription_product_type: 'BASE' });
  });

  it('previews 18 → 25 users: new and old figures, the difference per product, nothing written', async () => {
    const orders = Number((await server.db('orders').count({ n: '*' }).first())?.['n']);
    const response = await buyer.post<ChangeOrderPreview>('/api/v1/orders/preview', {
      ...change(DROPBOX, [{ product, quantity: 7 }]),
      organisation: 3,
    });
    expect(response.status).toBe(200);
    // 25 × 12.50 = 312.50 a month; × 12 = 3,750.00. Delta: 7 users, 87.50 a month, 1,050.00 over the contract.
    expect(response.body).toEqual({
      subscription_new: [{ product, quantity: 25, recurring_cost: '312.50', total_contract_value: '3750.00' }],
      subscription_delta: [{ product, quantity: 7, recurring_cost: '87.50', total_contract_value: '1050.00' }],
      rc_new: '312.50',
      tcv_new: '3750.00',
      rc_old: '225.00',
      tcv_old: '2700.00',
      currency: 'GBP',
    });
    expect(Number((await server.db('orders').count({ n: '*' }).first())?.['n'])).toBe(orders);
  });

  it('refuses a quantity above the plan maximum, a product not in the subscription, and another organisation', async () => {
    const above = await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 83 }]));
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({ code: 'quantity_above_maximum', parameter: 'line_items' });
    expect((await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 82 }]))).status).toBe(200);
    const other = Number((await server.db('products').where('product_code', 'ZM-ONE-PRO').first('id')).id);
    expect((await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product: other, quantity: 1 }]))).body).toMatchObject({
      code: 'unknown_value',
    });
    expect(
      (await buyer.post('/api/v1/orders/preview', { ...change(DROPBOX, [{ product, quantity: 1 }]), organisation: 4 })).body,
    ).toMatchObject({ code: 'outside_scope', parameter: 'organisation' });
    // The other reseller's subscription is outside the buyer's scope.
    expect((await buyer.post('/api/v1/orders/preview', change(12, [{ product, quantity: 1 }]))).body).toMatchObject({
      code: 'outside_scope',
      parameter: 'subscription',
    });
    expect(
      (await buyer.post('/api/v1/orders/preview', { ...change(DROPBOX, [{ product, quantity: 1 }]), order_type: 'SALES_ORDER' })).status,
    ).toBe(400);
    // A decrease cannot even be sent.
    expect((await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: -1 }]))).status).toBe(400);
  });

  it.each([
    [1, 'subscription_type_fixed'],
    [3, 'subscription_not_active'],
    [4, 'subscription_not_active'],
  ])('refuses subscription %i with 409 %s', async (subscription, code) => {
    const products = (await buyer.get<SubscriptionProduct[]>(`/api/v1/subscriptions/${subscription}/products`)).body;
    const response = await buyer.post('/api/v1/orders/preview', change(subscription, [{ product: products[0]!.product!.id, quantity: 1 }]));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code, message_key: `problem.${code}` });
  });

  it('is not for root users (403) nor without order:checkout (403)', async () => {
    expect((await root.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 1 }]))).status).toBe(403);
    expect((await root.post('/api/v1/orders', change(DROPBOX, [{ product, quantity: 1 }]))).status).toBe(403);
    expect((await euBuyer.post('/api/v1/orders', change(9, [{ product, quantity: 1 }]))).status).toBe(403);
  });

  it("refuses a subscription with a pending change, and the branch's SBC while the demo's change order HUB-10012 is open (409)", async () => {
    await inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('subscription', DROPBOX, { pending_change: true }));
    try {
      const pending = await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 1 }]));
      expect([pending.status, (pending.body as { code: string }).code]).toEqual([409, 'subscription_pending_change']);
    } finally {
      await inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('subscription', DROPBOX, { pending_change: false }));
    }
    const sbc = Number((await server.db('products').where('product_code', 'SBC-AAS-100').first('id')).id);
    const open = await buyer.post('/api/v1/orders', change(6, [{ product: sbc, quantity: 1 }]));
    expect([open.status, (open.body as { code: string }).code]).toEqual([409, 'subscription_pending_order']);
  });

  it('refuses a change order raising nothing', async () => {
    const response = await buyer.post('/api/v1/orders', change(DROPBOX, [{ product, quantity: 0 }]));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'change_order_empty' });
  });

  it('places a CHANGE_ORDER with the increase, audited; the subscription then has an open order', async () => {
    const response = await buyer.post<ChangeOrderPlaced>('/api/v1/orders', change(DROPBOX, [{ product, quantity: 7 }]));
    expect(response.status).toBe(201);
    expect(response.body.name).toBe(`HUB-${10000 + response.body.id}`);
    const order = await server.db('orders').where('id', response.body.id).first();
    expect(order).toMatchObject({
      order_type: 'CHANGE_ORDER',
      status: 'CREATED',
      subscription_id: DROPBOX,
      organisation_id: 3,
      currency: 'GBP',
      payment_type: 'ON_ACCOUNT',
    });
    // The contract value added: 1,050.00 (stored scaled by 10^4).
    expect(Number(order.total)).toBe(10_500_000);
    const lines = await server.db('order_line_items').where('order_id', response.body.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ product_id: product, quantity: 7, name: 'Dropbox Business Standard' });
    expect(Number(lines[0].price)).toBe(125_000);
    expect(Number(lines[0].sub_total_for_item)).toBe(10_500_000);
    expect(
      await server.db('audit_log_entries').where({ entity_type: 'order', entity_id: response.body.id, action: 'CREATE' }).first(),
    ).toBeDefined();
    // The history lists it; another change waits for it (001 §6 pending order).
    const history = (await buyer.get<{ id: number; order_type: string }[]>(`/api/v1/subscriptions/${DROPBOX}/orders`)).body;
    expect(history.map((row) => row.id)).toContain(response.body.id);
    const next = await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 1 }]));
    expect(next.status).toBe(409);
    expect(next.body).toMatchObject({ code: 'subscription_pending_order' });
    // Once it is complete the subscription takes changes again.
    await inTransaction(server.db, SYSTEM_ACTOR, (records) => records.update('order', response.body.id, { status: 'COMPLETE' }));
    expect((await buyer.post('/api/v1/orders/preview', change(DROPBOX, [{ product, quantity: 1 }]))).status).toBe(200);
  });

  it('places only one of two change orders sent side by side', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => buyer.post<ChangeOrderPlaced>('/api/v1/orders', change(DROPBOX, [{ product, quantity: 1 }]))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});
