import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toScaled } from '../../db/scaled';
import { FINANCE_DETAILS, GB_ADDRESS, makeBasket } from '../../testing/checkoutBaskets';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// Issue 22 item 1: a finance approval is for the basket as it stood when the provider said yes
// (000 §4). Whatever writes the basket afterwards, checkout on FINANCE takes the approval only
// while the basket still matches it, and re-runs the hub's eligibility rules (000 §5).

let server: TestServer;
let buyer: TestClient;
let po = 0;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

const shipped = { ...GB_ADDRESS, shipping_type: 1 };
const productId = async (code: string) => ((await server.db('products').where('product_code', code).first('id')) as { id: number }).id;
const checkout = (id: number, body: Record<string, unknown> = {}) =>
  buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, { purchase_order_number: `PO-APPROVAL-${++po}`, payment_type: 'FINANCE', ...body });

/** A Rally Bar basket (financeable hardware, 3,150.00) approved for finance through the API. */
async function approvedBasket(): Promise<{ id: number; lineId: number }> {
  const { id, lineIds } = await makeBasket(server.db, [['LOGI-RALLY-BAR', 1]]);
  const applied = await buyer.post<Row>(`/api/v1/baskets/${id}/finance`, { ...shipped, ...FINANCE_DETAILS });
  expect([applied.status, applied.body]).toEqual([200, { success: true }]);
  return { id, lineId: lineIds[0]! };
}

const approvalOf = async (id: number) => (await server.db('baskets').where('id', id).first('finance_approved', 'finance_approval')) as Row;

describe('a finance approval covers the basket it was given for', () => {
  it('stores what was approved with the approval, and never answers it', async () => {
    const { id } = await approvedBasket();
    const stored = await approvalOf(id);
    expect(Boolean(stored['finance_approved'])).toBe(true);
    expect(String(stored['finance_approval'])).toMatch(/^[0-9a-f]{64}$/);
    const answer = await buyer.get<Row>(`/api/v1/baskets/${id}`);
    expect(answer.body['finance_approved']).toBe(true);
    expect(answer.body).not.toHaveProperty('finance_approval');
  });

  it('checks out the basket that was approved', async () => {
    const { id } = await approvedBasket();
    const placed = await checkout(id);
    expect(placed.status, placed.text).toBe(201);
    expect((await buyer.get<Row>(`/api/v1/orders/${placed.body.id}`)).body).toMatchObject({ payment_type: 'FINANCE', total: '3150.00' });
  });

  it.each([
    [
      'POST /baskets/{id}/line_items with 100 more of the product',
      async (id: number) => buyer.post(`/api/v1/baskets/${id}/line_items`, { product: await productId('LOGI-RALLY-BAR'), quantity: 100 }),
    ],
    [
      'POST /baskets/{id}/quick_order',
      async (id: number) => buyer.post(`/api/v1/baskets/${id}/quick_order`, { lines: [{ sku: 'LOGI-RALLY-BAR', quantity: 100 }] }),
    ],
    [
      'an intangible line added after approval',
      async (id: number) => buyer.post(`/api/v1/baskets/${id}/line_items`, { product: await productId('ZOOM-ROOMS-LIC'), quantity: 5 }),
    ],
    [
      'PUT /baskets/{id} with a new quantity',
      async (id: number, lineId: number) =>
        buyer.send('PUT', `/api/v1/baskets/${id}`, {
          line_items: [{ id: lineId, product: await productId('LOGI-RALLY-BAR'), quantity: 3 }],
        }),
    ],
  ] as const)('refuses FINANCE after %s (422 finance_not_approved)', async (_name, write) => {
    const { id, lineId } = await approvedBasket();
    const written = await write(id, lineId);
    expect(written.status, written.text).toBeLessThan(300);
    // The write itself shows the basket as no longer approved …
    expect(Boolean((await approvalOf(id))['finance_approved'])).toBe(false);
    // … and checkout refuses it whatever flag it carries.
    const placed = await checkout(id);
    expect([placed.status, placed.body['code'], placed.body['message_key']]).toEqual([
      422,
      'finance_not_approved',
      'problem.finance_not_approved',
    ]);
    expect(await server.db('orders').where('purchase_order_number', `PO-APPROVAL-${po}`).first('id')).toBeUndefined();
  });

  it('refuses a basket changed by a path that forgets to clear the flag: checkout compares the approval itself', async () => {
    const { id, lineId } = await approvedBasket();
    // Written around every service, as a future write path that forgot the approval would.
    await server.db('basket_line_items').where('id', lineId).update({ quantity: 101 });
    expect(Boolean((await approvalOf(id))['finance_approved'])).toBe(true);
    const placed = await checkout(id);
    expect([placed.status, placed.body['code']]).toEqual([422, 'finance_not_approved']);
    // The amount that would have been financed was never ordered.
    expect(await server.db('orders').where('total', toScaled('318150.00')).first('id')).toBeUndefined();
  });

  it('refuses an approved basket whose intangible lines were slipped in unapproved (the rules of 000 §5 run again)', async () => {
    const { id } = await approvedBasket();
    await server
      .db('basket_line_items')
      .insert({ basket_id: id, product_id: await productId('ZOOM-ROOMS-LIC'), quantity: 50, discount: toScaled('0') });
    const placed = await checkout(id);
    expect([placed.status, placed.body['code']]).toEqual([422, 'finance_not_approved']);
  });

  it('refuses an approval given at other prices: a price change after approval needs a new application', async () => {
    const { id } = await approvedBasket();
    const product = await productId('LOGI-RALLY-BAR');
    const items = () => server.db('price_list_items').where('product_id', product);
    const before = (await items().select('id', 'price')) as { id: number; price: unknown }[];
    expect(before.length).toBeGreaterThan(0);
    await writeVersionedRows(server.db, (trx) =>
      trx('price_list_items')
        .where('product_id', product)
        .update({ price: toScaled('3999.00') }),
    );
    try {
      const placed = await checkout(id);
      expect([placed.status, placed.body['code']]).toEqual([422, 'finance_not_approved']);
    } finally {
      await writeVersionedRows(server.db, async (trx) => {
        for (const row of before) await trx('price_list_items').where('id', row.id).update({ price: row.price });
      });
    }
    expect((await checkout(id)).status).toBe(201);
  });

  it('takes a new application for the changed basket', async () => {
    const { id } = await approvedBasket();
    await buyer.post(`/api/v1/baskets/${id}/line_items`, { product: await productId('LOGI-RALLY-BAR'), quantity: 1 });
    expect((await checkout(id)).body['code']).toBe('finance_not_approved');
    expect((await buyer.post<Row>(`/api/v1/baskets/${id}/finance`, { ...shipped, ...FINANCE_DETAILS })).body).toEqual({ success: true });
    const placed = await checkout(id);
    expect(placed.status, placed.text).toBe(201);
    expect((await buyer.get<Row>(`/api/v1/orders/${placed.body.id}`)).body['total']).toBe('6300.00');
  });
});
