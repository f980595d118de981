import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toScaled } from '../../db/scaled';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, signedIn, type Row } from '../../testing/testUsers';
import { count, CUSTOMER_ORG, GB_ADDRESS, makeBasket, withHeaders } from '../../testing/checkoutBaskets';
import { writeVersionedRows } from '../../testing/versionedRows';

// 000 §4 Place order: one workflow in one transaction, prices recomputed by the server.

let server: TestServer;
let buyer: TestClient;
let po = 0;
const nextPo = () => `PO-CHECKOUT-${++po}`;

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

const checkout = (id: number, body: Record<string, unknown>) => buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, body);
const cables = () =>
  makeBasket(server.db, [
    ['GEN-HDMI-5M', 4],
    ['GEN-WALL-MOUNT', 2],
    ['GEN-HDMI-5M', 3],
  ]);

describe('POST /baskets/{id}/checkout', () => {
  it('writes the order and its lines at the prices of this moment, drops zero lines and removes the basket', async () => {
    const { id, lineIds } = await cables();
    // The wall mount's price changes after it went into the basket: the order takes the new one.
    const mount = (await server.db('products').where('product_code', 'GEN-WALL-MOUNT').first('id')) as { id: number };
    const before = await server.db('price_list_items').where('product_id', mount.id).select('id', 'price');
    await writeVersionedRows(server.db, (trx) =>
      trx('price_list_items')
        .where('product_id', mount.id)
        .update({ price: toScaled('41.25') }),
    );
    const response = await checkout(id, {
      purchase_order_number: nextPo(),
      ...GB_ADDRESS,
      shipping_type: 1,
      line_items: [{ id: lineIds[2]!, quantity: 0 }],
    });
    await writeVersionedRows(server.db, async (trx) => {
      for (const row of before) await trx('price_list_items').where('id', row.id).update({ price: row.price });
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ status: 'CREATED', name: `HUB-${10000 + response.body.id}` });
    const order = (await buyer.get<Row>(`/api/v1/orders/${response.body.id}`)).body;
    // 4 × 9.50 + 2 × 41.25 = 120.50; FLAT shipping 9.95 beside it.
    expect(order).toMatchObject({
      total: '120.50',
      ship_cost: '9.95',
      payment_type: 'ON_ACCOUNT',
      shipping_city: 'Leeds',
      shipping_country_code: 'GB',
      order_type: 'SALES_ORDER',
    });
    const lines = await server.db('order_line_items').where('order_id', response.body.id).orderBy('id');
    expect(lines.map((line) => [line.name, Number(line.quantity), Number(line.sub_total_for_item) / 10_000])).toEqual([
      ['HDMI cable 5 m', 4, 38],
      ['Universal video bar wall mount', 2, 82.5],
    ]);
    expect(await count(server.db, 'baskets', { id })).toBe(0);
    expect(await count(server.db, 'basket_line_items', { basket_id: id })).toBe(0);
    expect(await count(server.db, 'audit_log_entries', { entity_type: 'order', entity_id: response.body.id })).toBeGreaterThan(0);
  });

  it('answers 404 for a basket that was placed already, or another organisation’s', async () => {
    const { id } = await cables();
    expect((await checkout(id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 })).status).toBe(201);
    expect((await checkout(id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 })).status).toBe(404);
    expect((await checkout(6, { purchase_order_number: nextPo() })).status).toBe(404);
  });

  it('needs order:checkout', async () => {
    expect((await (await signedIn(server, EU_BUYER)).post('/api/v1/baskets/5/checkout', {})).status).toBe(403);
    expect((await server.client().post('/api/v1/baskets/1/checkout', {})).status).toBe(401);
  });

  it.each([
    ['no PO number where the organisation requires one', {}, 400, 'po_number_required', 'purchase_order_number'],
    [
      'a PO number another order of the organisation has, in any case',
      { purchase_order_number: 'po-3-1' },
      409,
      'non_unique_po_number',
      'purchase_order_number',
    ],
    [
      'no shipping type for a basket that ships',
      { purchase_order_number: 'PO-X1', ...GB_ADDRESS },
      422,
      'checkout_complete_required_fields',
      'shipping_type',
    ],
    [
      'no city',
      { purchase_order_number: 'PO-X2', ...GB_ADDRESS, shipping_city: '', shipping_type: 1 },
      422,
      'checkout_complete_required_fields',
      'shipping_city',
    ],
    [
      'a shipping type not offered in the country (an exclusion list)',
      { purchase_order_number: 'PO-X3', ...GB_ADDRESS, shipping_type: 3 },
      422,
      'no_shipping',
      'shipping_type',
    ],
    [
      'a shipping type only for other countries',
      { purchase_order_number: 'PO-X4', ...GB_ADDRESS, shipping_country_code: 'US', shipping_type: 1 },
      422,
      'no_shipping',
      'shipping_type',
    ],
    [
      'an unknown shipping type',
      { purchase_order_number: 'PO-X5', ...GB_ADDRESS, shipping_type: 999 },
      422,
      'unknown_value',
      'shipping_type',
    ],
    [
      'finance for a basket with nothing financeable',
      { purchase_order_number: 'PO-X6', ...GB_ADDRESS, shipping_type: 1, payment_type: 'FINANCE', finance_target: 'SELF' },
      422,
      'finance_not_available',
      'payment_type',
    ],
  ])('refuses %s, and changes nothing', async (_name, body, status, code, field) => {
    const { id } = await cables();
    const orders = await count(server.db, 'orders');
    const response = await checkout(id, body);
    expect(response.status, response.text).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ code, message_key: `problem.${code}`, parameter: field });
    expect(await count(server.db, 'orders')).toBe(orders);
    expect(await count(server.db, 'basket_line_items', { basket_id: id })).toBe(3);
    // Nothing of the body was saved either: the whole request rolled back.
    expect((await server.db('baskets').where('id', id).first()).shipping_city).toBeNull();
  });

  it('refuses a basket without lines, and a line of another basket', async () => {
    const empty = await makeBasket(server.db, []);
    expect((await checkout(empty.id, { purchase_order_number: nextPo() })).body).toMatchObject({ code: 'basket_no_line_items' });
    const zeroed = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
    expect(
      (await checkout(zeroed.id, { purchase_order_number: nextPo(), line_items: [{ id: zeroed.lineIds[0]!, quantity: 0 }] })).body,
    ).toMatchObject({ code: 'basket_no_line_items' });
    const other = await cables();
    const response = await checkout(other.id, { purchase_order_number: nextPo(), line_items: [{ id: zeroed.lineIds[0]!, quantity: 1 }] });
    expect([response.status, response.body]).toMatchObject([422, { code: 'unknown_value', parameter: 'line_items' }]);
  });

  it('refuses a quantity the plan does not allow, naming the line, and places nothing', async () => {
    const { id, lineIds } = await makeBasket(server.db, [['DBX-BUS-STD', 10]]);
    const orders = await count(server.db, 'orders');
    const response = await checkout(id, {
      purchase_order_number: nextPo(),
      line_items: [{ id: lineIds[0]!, quantity: 2, dropbox_team_name: `Team ${nextPo()}`, dropbox_admin_email: 'it@customer.example' }],
    });
    expect([response.status, response.body]).toMatchObject([400, { code: 'invalid_quantity', parameter: 'line_items/0/quantity' }]);
    expect(await count(server.db, 'orders')).toBe(orders);
  });

  it('prices BY_WEIGHT_TABLE shipping on the server: 4 × 0.25 kg + 2 × 1.5 kg = 4 kg is the 2–10 kg band', async () => {
    const { id } = await makeBasket(server.db, [
      ['GEN-HDMI-5M', 4],
      ['GEN-WALL-MOUNT', 2],
    ]);
    const response = await checkout(id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_country_code: 'FR', shipping_type: 3 });
    expect(response.status, response.text).toBe(201);
    expect((await buyer.get<Row>(`/api/v1/orders/${response.body.id}`)).body).toMatchObject({
      ship_cost: '35.00',
      shipping_type: { id: 3 },
    });
  });

  it('ships nothing for a basket with nothing to ship: no address, method or cost on the order', async () => {
    const { id } = await makeBasket(server.db, [['ZOOM-ROOMS-LIC', 1]]);
    const response = await checkout(id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 });
    expect(response.status, response.text).toBe(201);
    expect((await buyer.get<Row>(`/api/v1/orders/${response.body.id}`)).body).toMatchObject({
      ship_cost: null,
      shipping_type: null,
      shipping_city: null,
      total: '420.00',
    });
  });

  it.each([
    ['a team name the organisation has, in any case', 'customer co team', 409, 'team_name_exists'],
    ['a team name under 3 characters', 'ab', 422, 'team_name_length'],
    ['an admin e-mail without a team name', null, 422, 'team_admin_required'],
    ['no allocation at all', undefined, 422, 'checkout_complete_required_fields'],
  ])('holds a Dropbox line to the team rules: %s', async (_name, team, status, code) => {
    const { id, lineIds } = await makeBasket(server.db, [['DBX-BUS-STD', 10]]);
    const allocation = team === undefined ? {} : { dropbox_team_name: team, dropbox_admin_email: 'it@customer.example' };
    const response = await checkout(id, {
      purchase_order_number: nextPo(),
      line_items: [{ id: lineIds[0]!, quantity: 10, ...allocation }],
    });
    expect([response.status, response.body['code']]).toEqual([status, code]);
  });

  it('places a Dropbox line with a new team, which then exists', async () => {
    const team = `Team ${nextPo()}`;
    const first = await makeBasket(server.db, [['DBX-BUS-STD', 10]]);
    const placed = await checkout(first.id, {
      purchase_order_number: nextPo(),
      line_items: [{ id: first.lineIds[0]!, quantity: 10, dropbox_team_name: team, dropbox_admin_email: 'it@customer.example' }],
    });
    expect(placed.status, placed.text).toBe(201);
    const second = await makeBasket(server.db, [['DBX-BUS-STD', 10]]);
    const again = await checkout(second.id, {
      purchase_order_number: nextPo(),
      line_items: [
        { id: second.lineIds[0]!, quantity: 10, dropbox_team_name: team.toUpperCase(), dropbox_admin_email: 'it@customer.example' },
      ],
    });
    expect([again.status, again.body['code']]).toEqual([409, 'team_name_exists']);
  });

  it('places one of two baskets checked out at once that name the same new team', async () => {
    const team = `Team ${nextPo()}`;
    const baskets = await Promise.all([makeBasket(server.db, [['DBX-BUS-STD', 10]]), makeBasket(server.db, [['DBX-BUS-STD', 10]])]);
    const answers = await Promise.all(
      baskets.map((basket, index) =>
        checkout(basket.id, {
          purchase_order_number: nextPo(),
          line_items: [
            {
              id: basket.lineIds[0]!,
              quantity: 10,
              dropbox_team_name: index === 0 ? team : team.toUpperCase(),
              dropbox_admin_email: 'it@customer.example',
            },
          ],
        }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body['code']]).sort()).toEqual([
      [201, undefined],
      [409, 'team_name_exists'],
    ]);
  });

  it('names a refused line by its position in the lines sent (line_items/<i>/<field>), whatever order they are stored in', async () => {
    const team = `Team ${nextPo()}`;
    const allocation = (name: string) => ({ quantity: 10, dropbox_team_name: name, dropbox_admin_email: 'it@customer.example' });
    const { id, lineIds } = await makeBasket(server.db, [
      ['GEN-HDMI-5M', 1],
      ['DBX-BUS-STD', 10],
      ['DBX-BUS-STD', 10],
    ]);
    const [, first, second] = lineIds as [number, number, number];
    // The second stored Dropbox line repeats the first's new team: it is sent first.
    const clash = await checkout(id, {
      purchase_order_number: nextPo(),
      ...GB_ADDRESS,
      shipping_type: 1,
      line_items: [
        { id: second, ...allocation(team.toUpperCase()) },
        { id: first, ...allocation(team) },
      ],
    });
    expect([clash.status, clash.body]).toMatchObject([409, { code: 'new_team_name_exists', parameter: 'line_items/0/dropbox_team_name' }]);
    const taken = await checkout(id, {
      purchase_order_number: nextPo(),
      ...GB_ADDRESS,
      shipping_type: 1,
      line_items: [
        { id: second, ...allocation(team) },
        { id: first, ...allocation('customer co TEAM') },
      ],
    });
    expect([taken.status, taken.body]).toMatchObject([409, { code: 'team_name_exists', parameter: 'line_items/1/dropbox_team_name' }]);
    const short = await checkout(id, { purchase_order_number: nextPo(), line_items: [{ id: first, ...allocation('ab') }] });
    expect([short.status, short.body]).toMatchObject([422, { code: 'team_name_length', parameter: 'line_items/0/dropbox_team_name' }]);
    // A line not sent is named by its field alone.
    const unsent = await checkout(id, { purchase_order_number: nextPo(), line_items: [{ id: first, ...allocation(team) }] });
    expect([unsent.status, unsent.body]).toMatchObject([
      422,
      { code: 'checkout_complete_required_fields', parameter: 'dropbox_team_name' },
    ]);
  });

  it('takes a Zoom line’s order details from the wizard and copies them to the order line', async () => {
    const { id, lineIds } = await makeBasket(server.db, [['ZM-ONE-PRO', 2]]);
    const zoom = {
      zoom_order_type: 'NEW_BUSINESS',
      zoom_deal_registration_id: 'DR-1001',
      zoom_deal_registration_approval_id: 'APR-77',
      zoom_end_user_company: 'End User plc',
      zoom_end_user_name: 'Eve User',
      zoom_end_user_email: 'eve@end-user.example',
    };
    const body = { purchase_order_number: nextPo(), end_user: 'End User plc', end_user_email: 'it@end-user.example' };
    const refused = await checkout(id, { ...body, line_items: [{ id: lineIds[0]!, quantity: 2, ...zoom, zoom_order_type: 'RENEWAL' }] });
    expect([refused.status, refused.body['code']]).toEqual([400, 'invalid_body']);
    const placed = await checkout(id, { ...body, line_items: [{ id: lineIds[0]!, quantity: 2, ...zoom }] });
    expect(placed.status, placed.text).toBe(201);
    const [line] = await server.db('order_line_items').where('order_id', placed.body.id);
    expect(line).toMatchObject(zoom);
  });

  it('holds an order above the organisation’s manual authorisation limit', async () => {
    await writeVersionedRows(server.db, (trx) =>
      trx('organisations')
        .where('id', CUSTOMER_ORG)
        .update({ orders_require_manual_auth: true, order_manual_auth_limit: toScaled('116.00') }),
    );
    try {
      const atLimit = await makeBasket(server.db, [
        ['GEN-HDMI-5M', 4],
        ['GEN-WALL-MOUNT', 2],
      ]);
      expect((await checkout(atLimit.id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 })).body).toMatchObject({
        status: 'PENDING_AUTHORISATION',
      });
      const below = await makeBasket(server.db, [['GEN-HDMI-5M', 4]]);
      expect((await checkout(below.id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 })).body).toMatchObject({
        status: 'CREATED',
      });
    } finally {
      await writeVersionedRows(server.db, (trx) =>
        trx('organisations').where('id', CUSTOMER_ORG).update({ orders_require_manual_auth: false, order_manual_auth_limit: null }),
      );
    }
  });
});

describe('checkout under concurrency', () => {
  it('places one order for 50 checkouts of one basket sent side by side', async () => {
    const { id } = await cables();
    const orders = await count(server.db, 'orders');
    const body = { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 };
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkout(id, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 404)).toEqual([]);
    expect(await count(server.db, 'orders')).toBe(orders + 1);
  });

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    const { id } = await cables();
    const body = { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 };
    const key = `checkout-${id}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withHeaders<Row>(buyer, `/api/v1/baskets/${id}/checkout`, body, { 'idempotency-key': key })),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await count(server.db, 'orders', { purchase_order_number: body.purchase_order_number })).toBe(1);
  });

  it('refuses a checkout of a basket changed since it was read (412), changing nothing', async () => {
    const { id } = await cables();
    const etag = (await buyer.get(`/api/v1/baskets/${id}`)).headers.get('etag')!;
    expect((await buyer.send('PUT', `/api/v1/baskets/${id}`, { ship_instructions: 'Ring the bell' })).status).toBe(200);
    const response = await withHeaders<Row>(
      buyer,
      `/api/v1/baskets/${id}/checkout`,
      { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 },
      { 'if-match': etag },
    );
    expect([response.status, response.body.code]).toEqual([412, 'stale_record']);
    expect(await count(server.db, 'baskets', { id })).toBe(1);
    const fresh = (await buyer.get(`/api/v1/baskets/${id}`)).headers.get('etag')!;
    expect(
      (
        await withHeaders(
          buyer,
          `/api/v1/baskets/${id}/checkout`,
          { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 },
          { 'if-match': fresh },
        )
      ).status,
    ).toBe(201);
  });

  it('lets only one of two baskets placed side by side take a PO number the organisation keeps unique', async () => {
    const [first, second] = [await cables(), await cables()];
    const body = { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 };
    const answers = await Promise.all([checkout(first.id, body), checkout(second.id, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('checks the PO number the basket holds when the checkout sends none, and the one sent over it', async () => {
    const taken = nextPo();
    expect((await checkout((await cables()).id, { purchase_order_number: taken, ...GB_ADDRESS, shipping_type: 1 })).status).toBe(201);
    const saved = await cables();
    await server
      .db('baskets')
      .where('id', saved.id)
      .update({ purchase_order_number: ` ${taken.toLowerCase()} ` });
    const refused = await checkout(saved.id, { ...GB_ADDRESS, shipping_type: 1 });
    expect([refused.status, refused.body.code]).toEqual([409, 'non_unique_po_number']);
    // A number sent replaces the basket's: the check is of the number the order would carry.
    const placed = await checkout(saved.id, { purchase_order_number: nextPo(), ...GB_ADDRESS, shipping_type: 1 });
    expect(placed.status, placed.text).toBe(201);
    const blanked = await cables();
    await server.db('baskets').where('id', blanked.id).update({ purchase_order_number: taken });
    const required = await checkout(blanked.id, { purchase_order_number: '  ', ...GB_ADDRESS, shipping_type: 1 });
    expect([required.status, required.body.code]).toEqual([400, 'po_number_required']);
  });
});
