import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';

// Issue 22 item 13: adding a product already in the basket with the same rate plan, maintenance
// and provisioning raises that line's quantity instead of adding a duplicate line: from the price
// box and the add-to-basket dialog (POST /baskets/{id}/line_items, POST /baskets with its first
// lines) and from quick order. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let server: TestServer;
let buyer: TestClient;
const sku = new Map<string, number>();
const id = (code: string) => sku.get(code)!;

async function newBasket(body: Record<string, unknown> = {}): Promise<number> {
  const response = await buyer.post<Row>('/api/v1/baskets', { name: `Same line ${Math.random()}`, ...body });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}
const lines = async (basket: number) => (await buyer.get<Row[]>(`/api/v1/baskets/${basket}/line_items`)).body;
const add = (basket: number, line: Record<string, unknown>) =>
  buyer.post<Row & { code?: string }>(`/api/v1/baskets/${basket}/line_items`, line);
const planId = async (code: string, name: string) =>
  Number(
    (
      (await server
        .db('rate_plans')
        .where({ product_id: id(code), name })
        .first('id')) as { id: number }
    ).id,
  );

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
  for (const row of (await server.db('products').select('id', 'product_code')) as { id: number; product_code: string }[])
    sku.set(row.product_code, Number(row.id));
});
afterAll(async () => server.close());

describe('adding a product already in the basket', () => {
  it('raises that line’s quantity, priced at the quantity it comes to', async () => {
    const basket = await newBasket();
    const first = await add(basket, { product: id('GEN-HDMI-5M'), quantity: 2 });
    const again = await add(basket, { product: id('GEN-HDMI-5M'), quantity: 3 });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, quantity: 5, sub_total_for_item: '47.50' });
    expect((await lines(basket)).map((line) => [line.id, line['quantity']])).toEqual([[first.body.id, 5]]);
    expect((await buyer.get<Row>(`/api/v1/baskets/${basket}`)).body['total']).toBe('47.50');
  });

  it('keeps lines apart that differ in maintenance or provisioning', async () => {
    const basket = await newBasket();
    const desk = { product: id('CS-DESKPRO-K9'), quantity: 1, maintenance_product: id('CON-SNT-1Y') };
    await add(basket, desk);
    await add(basket, { ...desk, prov_product: id('PROV-REMOTE') });
    await add(basket, desk);
    expect((await lines(basket)).map((line) => [line['quantity'], line['prov_product']])).toEqual([
      [2, null],
      [1, id('PROV-REMOTE')],
    ]);
  });

  it('keeps lines apart that differ in rate plan; the product’s default plan is the same as naming it', async () => {
    const basket = await newBasket();
    const annual = await planId('DBX-BUS-STD', 'Annual (3–100 users)'); // the default
    const monthly = await planId('DBX-BUS-STD', 'Monthly (3–100 users)');
    const byDefault = await add(basket, { product: id('DBX-BUS-STD'), quantity: 3 });
    const named = await add(basket, { product: id('DBX-BUS-STD'), quantity: 4, selected_rate_plan: annual });
    const other = await add(basket, { product: id('DBX-BUS-STD'), quantity: 5, selected_rate_plan: monthly });
    expect([byDefault.status, named.status, other.status]).toEqual([201, 201, 201]);
    expect(named.body.id).toBe(byDefault.body.id);
    expect((await lines(basket)).map((line) => [line['selected_rate_plan'], line['quantity']])).toEqual([
      [annual, 7],
      [monthly, 5],
    ]);
  });

  it('refuses an add that would take the line past its plan’s maximum, and leaves it as it was', async () => {
    const basket = await newBasket();
    const plan = await planId('DBX-BUS-STD', 'Monthly (3–100 users)');
    await add(basket, { product: id('DBX-BUS-STD'), quantity: 60, selected_rate_plan: plan });
    const over = await add(basket, { product: id('DBX-BUS-STD'), quantity: 41, selected_rate_plan: plan });
    expect([over.status, over.body.code]).toEqual([422, 'max_quantity']);
    expect((await lines(basket)).map((line) => line['quantity'])).toEqual([60]);
  });

  it('makes one line of a new basket’s first lines naming one product twice (the add-to-basket dialog)', async () => {
    const basket = await newBasket({
      line_items: [
        { product: id('GEN-HDMI-5M'), quantity: 1 },
        { product: id('GEN-HDMI-5M'), quantity: 2 },
      ],
    });
    expect((await lines(basket)).map((line) => line['quantity'])).toEqual([3]);
  });

  it('adds by quick order into the line already there, and sums a SKU named twice', async () => {
    const basket = await newBasket();
    const existing = await add(basket, { product: id('GEN-HDMI-5M'), quantity: 2 });
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/quick_order`, {
      lines: [
        { sku: 'GEN-HDMI-5M', quantity: 4 },
        { sku: 'LOGI-BRIO-4K', quantity: 1 },
        { sku: 'logi-brio-4k', quantity: 1 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body['added']).toBe(true);
    const results = response.body['results'] as Row[];
    expect(results[0]?.['line_item']).toBe(existing.body.id);
    expect(results[1]?.['line_item']).toBe(results[2]?.['line_item']);
    expect((await lines(basket)).map((line) => [line['product_code'], line['quantity']])).toEqual([
      ['GEN-HDMI-5M', 6],
      ['LOGI-BRIO-4K', 2],
    ]);
  });

  it('refuses a quick order whose sum passes a plan’s maximum, adding nothing', async () => {
    const basket = await newBasket();
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/quick_order`, {
      lines: [
        { sku: 'GEN-HDMI-5M', quantity: 1 },
        { sku: 'NUV-CONTRACT-STD', quantity: 1 },
        { sku: 'NUV-CONTRACT-STD', quantity: 1 },
      ],
    });
    expect(response.body['added']).toBe(false);
    expect((response.body['results'] as Row[]).map((result) => [result['ok'], result['code']])).toEqual([
      [true, null],
      [false, 'max_quantity'],
      [false, 'max_quantity'],
    ]);
    expect(await lines(basket)).toEqual([]);
  });
});
