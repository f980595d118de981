import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, FINANCE_DETAILS, GB_ADDRESS, makeBasket } from '../../testing/checkoutBaskets';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, CHECKOUT_ONLY, signedIn, type Row } from '../../testing/testUsers';

// 000 §6: order:checkout is "needed to check out baskets"; order:modify_draft creates, edits and
// deletes them, "otherwise basket fields are read-only". A user with the first and not the second
// (the demo's checkout@customer.example) fills in the checkout's own fields — PO number, end user,
// instructions, address, shipping, payment — but may not change the basket's lines in the checkout
// or finance call (403 basket_lines_read_only), nor save, delete or add to the basket.

let server: TestServer;
let checkoutOnly: TestClient;
let buyer: TestClient;
let po = 0;
const nextPo = () => `PO-READ-ONLY-${++po}`;

beforeAll(async () => {
  server = await startTestServer();
  checkoutOnly = await signedIn(server, CHECKOUT_ONLY);
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

const shipped = { ...GB_ADDRESS, shipping_type: 1 };
const storedLines = async (id: number) =>
  (await server
    .db('basket_line_items')
    .where('basket_id', id)
    .orderBy('id')
    .select('id', 'quantity', 'dropbox_team_name', 'dropbox_admin_email')) as Record<string, unknown>[];
const TEAM = { dropbox_team_name: 'Read Only Team', dropbox_admin_email: 'it@customer.example' };

describe('checkout without order:modify_draft', () => {
  it('places the basket as stored with the checkout’s own fields, its lines sent unchanged (blank as none)', async () => {
    const { id, lineIds } = await makeBasket(server.db, [
      ['GEN-HDMI-5M', 4],
      ['DBX-BUS-STD', 10, TEAM],
    ]);
    const [cable, dropbox] = lineIds as [number, number];
    const response = await checkoutOnly.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: nextPo(),
      provisioning_instructions: 'Call ahead',
      ...shipped,
      line_items: [
        { id: cable, quantity: 4, acronis_tenant_name: '', sbc_name: null },
        { id: dropbox, quantity: 10, ...TEAM, dropbox_team_name: ' Read Only Team ' },
      ],
    });
    expect(response.status, response.text).toBe(201);
    const lines = await server.db('order_line_items').where('order_id', response.body.id).orderBy('id');
    expect(lines.map((line) => [Number(line.quantity), line.dropbox_team_name])).toEqual([
      [4, null],
      [10, 'Read Only Team'],
    ]);
    expect((await server.db('orders').where('id', response.body.id).first()).provisioning_instructions).toBe('Call ahead');
  });

  it('places a basket without naming its lines at all', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
    expect((await checkoutOnly.post(`/api/v1/baskets/${id}/checkout`, { purchase_order_number: nextPo(), ...shipped })).status).toBe(201);
  });

  it.each([
    ['a quantity', (line: number) => ({ id: line, quantity: 5 }), 'quantity'],
    ['a line removed (quantity 0)', (line: number) => ({ id: line, quantity: 0 }), 'quantity'],
    ['a subscription detail', (line: number) => ({ id: line, ...TEAM, dropbox_team_name: 'Another Team' }), 'dropbox_team_name'],
    ['a detail cleared', (line: number) => ({ id: line, ...TEAM, dropbox_admin_email: null }), 'dropbox_admin_email'],
  ])('refuses %s changed in the checkout (403), and changes nothing', async (_name, edit, field) => {
    const { id, lineIds } = await makeBasket(server.db, [
      ['GEN-HDMI-5M', 4],
      ['DBX-BUS-STD', 10, TEAM],
    ]);
    const [cable, dropbox] = lineIds as [number, number];
    const before = await storedLines(id);
    const orders = await count(server.db, 'orders');
    const changed = field === 'quantity' ? edit(cable) : edit(dropbox);
    const response = await checkoutOnly.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: nextPo(),
      ...shipped,
      line_items: [field === 'quantity' ? { id: dropbox, quantity: 10 } : { id: cable, quantity: 4 }, changed],
    });
    expect(response.status, response.text).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({
      code: 'basket_lines_read_only',
      message_key: 'problem.basket_lines_read_only',
      parameter: `line_items/1/${field}`,
    });
    expect(await count(server.db, 'orders')).toBe(orders);
    expect(await storedLines(id)).toEqual(before);
    // The checkout's own fields sent with it were not saved either.
    expect((await server.db('baskets').where('id', id).first()).shipping_city).toBeNull();
  });

  it('lets a user with order:modify_draft change the lines in the same call', async () => {
    const { id, lineIds } = await makeBasket(server.db, [['GEN-HDMI-5M', 4]]);
    const response = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
      purchase_order_number: nextPo(),
      ...shipped,
      line_items: [{ id: lineIds[0]!, quantity: 5 }],
    });
    expect(response.status, response.text).toBe(201);
    expect(Number((await server.db('order_line_items').where('order_id', response.body.id).first()).quantity)).toBe(5);
  });
});

describe('finance without order:modify_draft', () => {
  it('applies with the checkout’s fields and the lines as stored', async () => {
    const { id, lineIds } = await makeBasket(server.db, [['LOGI-RALLY-BAR', 1]]);
    const response = await checkoutOnly.post<Row>(`/api/v1/baskets/${id}/finance`, {
      ...shipped,
      ...FINANCE_DETAILS,
      line_items: [{ id: lineIds[0]!, quantity: 1 }],
    });
    expect([response.status, response.body]).toEqual([200, { success: true }]);
  });

  it('refuses a line changed in the application (403), saving nothing', async () => {
    const { id, lineIds } = await makeBasket(server.db, [['LOGI-RALLY-BAR', 1]]);
    const response = await checkoutOnly.post<Row>(`/api/v1/baskets/${id}/finance`, {
      ...shipped,
      ...FINANCE_DETAILS,
      line_items: [{ id: lineIds[0]!, quantity: 2 }],
    });
    expect([response.status, response.body]).toMatchObject([403, { code: 'basket_lines_read_only', parameter: 'line_items/0/quantity' }]);
    const basket = await server.db('baskets').where('id', id).first();
    expect([basket.finance_company_number, Boolean(basket.finance_approved), Number((await storedLines(id))[0]!['quantity'])]).toEqual([
      null,
      false,
      1,
    ]);
  });
});

describe('the basket’s own calls without order:modify_draft', () => {
  it('reads the basket, but may not save, add to, create or delete one (403)', async () => {
    const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 1]]);
    expect((await checkoutOnly.get(`/api/v1/baskets/${id}`)).status).toBe(200);
    expect((await checkoutOnly.get(`/api/v1/baskets/${id}/line_items`)).status).toBe(200);
    expect((await checkoutOnly.send('PUT', `/api/v1/baskets/${id}`, { purchase_order_number: nextPo() })).status).toBe(403);
    const product = (await server.db('products').where('product_code', 'GEN-HDMI-5M').first('id')) as { id: number };
    expect((await checkoutOnly.post(`/api/v1/baskets/${id}/line_items`, { product: product.id, quantity: 1 })).status).toBe(403);
    expect((await checkoutOnly.post('/api/v1/baskets', { name: 'Not mine to make' })).status).toBe(403);
    expect((await checkoutOnly.send('DELETE', `/api/v1/baskets/${id}`)).status).toBe(403);
    expect(await count(server.db, 'baskets', { id })).toBe(1);
  });
});
