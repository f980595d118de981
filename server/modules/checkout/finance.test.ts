import { toScaled } from '../../db/scaled';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_DETAILS, GB_ADDRESS, makeBasket, withHeaders } from '../../testing/checkoutBaskets';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// 000 §4, §5 Apply for finance (POST /baskets/{id}/finance → data.success) and its place in checkout.

let server: TestServer;
let buyer: TestClient;
let po = 0;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

const apply = (id: number, body: Record<string, unknown>) => buyer.post<Row>(`/api/v1/baskets/${id}/finance`, body);
const approved = async (id: number) => Boolean((await server.db('baskets').where('id', id).first('finance_approved')).finance_approved);
const shipped = { ...GB_ADDRESS, shipping_type: 1 };
// Logitech Rally Bar: financeable hardware at 3,150.00 (RRP 3,799.00), no maintenance to choose.
const rallyBar = () => makeBasket(server.db, [['LOGI-RALLY-BAR', 1]]);

describe('POST /baskets/{id}/finance', () => {
  it('approves a sandbox company that lends, and the order then carries the finance', async () => {
    const { id } = await rallyBar();
    const response = await apply(id, { ...shipped, ...FINANCE_DETAILS });
    expect([response.status, response.body]).toEqual([200, { success: true }]);
    expect(await approved(id)).toBe(true);
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-FIN-${++po}`,
      payment_type: 'FINANCE',
    });
    expect(placed.status, placed.text).toBe(201);
    expect((await buyer.get<Row>(`/api/v1/orders/${placed.body.id}`)).body).toMatchObject({
      payment_type: 'FINANCE',
      finance_approved: true,
      finance_company_number: '00000001',
      finance_term_length: 60,
      finance_target: 'SELF',
    });
  });

  it('answers success false for a company the provider declines, and checkout with finance is refused', async () => {
    const { id } = await rallyBar();
    const response = await apply(id, { ...shipped, ...FINANCE_DETAILS, finance_company_number: '00000002' });
    expect([response.status, response.body]).toEqual([200, { success: false }]);
    expect(await approved(id)).toBe(false);
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-FIN-${++po}`,
      payment_type: 'FINANCE',
    });
    expect([placed.status, placed.body['code']]).toEqual([422, 'finance_not_approved']);
  });

  it.each([
    ['shipping_city', { shipping_city: 'York' }],
    ['shipping_type', { shipping_type: 2 }],
    ['finance_term_length', { finance_term_length: 36 }],
    ['a line quantity', 'line'],
  ] as const)('does not take an approval for a basket whose %s changed since', async (_name, change) => {
    const { id, lineIds } = await rallyBar();
    expect((await apply(id, { ...shipped, ...FINANCE_DETAILS })).body).toEqual({ success: true });
    const body = change === 'line' ? { line_items: [{ id: lineIds[0]!, quantity: 2 }] } : change;
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-FIN-${++po}`,
      payment_type: 'FINANCE',
      ...body,
    });
    expect([placed.status, placed.body['code']]).toEqual([422, 'finance_not_approved']);
    // The refused checkout rolled back whole: the basket is as it was, approval included.
    expect(await approved(id)).toBe(true);
  });

  it('loses the approval when the basket page saves a change to what was approved, and only then', async () => {
    const { id, lineIds } = await rallyBar();
    expect((await apply(id, { ...shipped, ...FINANCE_DETAILS })).body).toEqual({ success: true });
    expect(
      (await buyer.send('PUT', `/api/v1/baskets/${id}`, { name: `Renamed ${id}`, ship_instructions: 'Side door', payment_type: 'FINANCE' }))
        .status,
    ).toBe(200);
    expect(await approved(id)).toBe(true);
    expect((await buyer.send('PUT', `/api/v1/baskets/${id}`, { shipping_city: 'York', payment_type: 'FINANCE' })).status).toBe(200);
    expect(await approved(id)).toBe(false);
    expect((await apply(id, { ...shipped, ...FINANCE_DETAILS })).body).toEqual({ success: true });
    const product = (await server.db('basket_line_items').where('id', lineIds[0]!).first('product_id')) as { product_id: number };
    const put = await buyer.send('PUT', `/api/v1/baskets/${id}`, {
      payment_type: 'FINANCE',
      line_items: [{ id: lineIds[0]!, product: product.product_id, quantity: 2 }],
    });
    expect(put.status, put.text).toBe(200);
    expect(await approved(id)).toBe(false);
  });

  it('keeps the approval when what is sent is what was approved', async () => {
    const { id } = await rallyBar();
    expect((await apply(id, { ...shipped, ...FINANCE_DETAILS })).body).toEqual({ success: true });
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      ...shipped,
      ...FINANCE_DETAILS,
      purchase_order_number: `PO-FIN-${++po}`,
      payment_type: 'FINANCE',
      ship_instructions: 'Side door',
    });
    expect(placed.status, placed.text).toBe(201);
  });

  it.each([
    ['below the minimum order value', [['CP-8845-K9', 1]], {}, 'finance_below_minimum_order_value'],
    [
      'intangible costs at 35 % or more',
      [
        ['LOGI-RALLY-BAR', 1],
        ['ZOOM-ROOMS-LIC', 5],
      ],
      {},
      'intangible_costs_too_high',
    ],
    [
      'a customer price above the RRP',
      [['LOGI-RALLY-BAR', 1, { markup: toScaled('30') }]],
      { finance_target: 'CUSTOMER' },
      'basket_value_higher_than_rrp',
    ],
    ['a missing finance field', [['LOGI-RALLY-BAR', 1]], { finance_reg_city: null }, 'checkout_complete_required_fields'],
    ['nothing financeable', [['GEN-HDMI-5M', 200]], {}, 'finance_not_available'],
  ] as const)('refuses %s (422 with its message key)', async (_name, lines, over, code) => {
    const { id } = await makeBasket(server.db, lines.map((line) => [...line]) as never);
    const response = await apply(id, { ...shipped, ...FINANCE_DETAILS, ...over });
    expect([response.status, response.body['code'], response.body['message_key']]).toEqual([422, code, `problem.${code}`]);
    expect(await approved(id)).toBe(false);
  });

  it('refuses a basket left with no lines (basket_no_line_items), and rolls the save back', async () => {
    const { id, lineIds } = await rallyBar();
    const response = await apply(id, { ...shipped, ...FINANCE_DETAILS, line_items: [{ id: lineIds[0]!, quantity: 0 }] });
    expect([response.status, response.body['code'], response.body['message_key']]).toEqual([
      422,
      'basket_no_line_items',
      'problem.basket_no_line_items',
    ]);
    expect(await server.db('basket_line_items').where('basket_id', id).select('id')).toHaveLength(1);
  });

  it('takes the margin per line a buyer enters when financing for a customer (issue 22 item 10), within the RRP', async () => {
    const { id, lineIds } = await rallyBar();
    const customer = { ...shipped, ...FINANCE_DETAILS, finance_target: 'CUSTOMER' };
    // 3,150.00 plus 30 % is above the RRP of 3,799.00: refused, and nothing of it is kept.
    const above = await apply(id, { ...customer, line_items: [{ id: lineIds[0]!, markup: '30' }] });
    expect([above.status, above.body['code']]).toEqual([422, 'basket_value_higher_than_rrp']);
    expect((await server.db('basket_line_items').where('id', lineIds[0]!).first('markup')).markup).toBeNull();
    const within = await apply(id, { ...customer, line_items: [{ id: lineIds[0]!, markup: '10.5' }] });
    expect([within.status, within.body]).toEqual([200, { success: true }]);
    const lines = (await buyer.get<Row[]>(`/api/v1/baskets/${id}/line_items`)).body;
    expect(lines[0]!['markup']).toBe('10.50');
    const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: `PO-FIN-${++po}`,
      payment_type: 'FINANCE',
    });
    expect(placed.status, placed.text).toBe(201);
    expect((await server.db('order_line_items').where('order_id', placed.body.id).first('markup')).markup).not.toBeNull();
  });

  it('replays an application sent twice with one Idempotency-Key', async () => {
    const { id } = await rallyBar();
    const body = { ...shipped, ...FINANCE_DETAILS };
    const [first, second] = await Promise.all(
      [0, 1].map(() => withHeaders<Row>(buyer, `/api/v1/baskets/${id}/finance`, body, { 'idempotency-key': `finance-${id}` })),
    );
    expect([first!.body, second!.body]).toEqual([{ success: true }, { success: true }]);
    expect([first!.headers.get('idempotent-replayed'), second!.headers.get('idempotent-replayed')]).toContain('true');
  });

  it('is not offered to a RESELLER organisation for itself (SELF)', async () => {
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 3).update({ finance_type: 'RESELLER' }));
    try {
      const { id } = await rallyBar();
      expect((await apply(id, { ...shipped, ...FINANCE_DETAILS })).body['code']).toBe('finance_not_available');
      expect((await apply(id, { ...shipped, ...FINANCE_DETAILS, finance_target: 'CUSTOMER' })).body).toEqual({ success: true });
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 3).update({ finance_type: 'AGENT' }));
    }
  });
});

describe('GET /lookup/company/{query}', () => {
  it('answers the sandbox’s financeable company with its registered address, as typed', async () => {
    const response = await buyer.get<Row>('/api/v1/lookup/company/00000001');
    expect([response.status, response.body]).toEqual([
      200,
      {
        company_number: '00000001',
        company_name: 'Sandbox Approved Ltd',
        registered_address: {
          company_name: 'Sandbox Approved Ltd',
          addr_line_1: '1 Lending Lane',
          addr_line_2: 'Registered Office',
          city: 'London',
          region: null,
          postal_code: 'EC1A 1AA',
          country_code: 'GB',
        },
      },
    ]);
    expect((await buyer.get<Row>('/api/v1/lookup/company/%2000000002%20')).body['company_name']).toBe('Sandbox Declined Ltd');
  });

  it.each([
    ['00000003', 400, 'company_not_financeable'],
    ['12345678', 404, 'company_not_found'],
    ['SC000001', 404, 'company_not_found'],
  ])('%s → %i %s', async (number, status, code) => {
    const response = await buyer.get<Row>(`/api/v1/lookup/company/${number}`);
    expect([response.status, response.body['code'], response.body['message_key']]).toEqual([status, code, `problem.${code}`]);
  });

  it('needs a session and order:checkout; a number over 20 characters names nothing', async () => {
    expect((await server.client().get('/api/v1/lookup/company/00000001')).status).toBe(401);
    expect((await buyer.get('/api/v1/lookup/company/' + '1'.repeat(21))).status).toBe(404);
  });
});
