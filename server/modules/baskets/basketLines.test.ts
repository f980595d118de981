import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// Adding lines and saving whole baskets (000 §2.4, §2.8, §4, §5; docs/buying.md): every price on
// the server, the quantity and line-detail rules, idempotency, stale writes and parallel adds.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let server: TestServer;
let buyer: TestClient;
const sku = new Map<string, number>();

/** A fresh empty basket of Customer Co. */
async function newBasket(name: string): Promise<number> {
  const response = await buyer.post<Row>('/api/v1/baskets', { name });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}
const id = (code: string) => {
  const found = sku.get(code);
  if (found === undefined) throw new Error(`no product ${code}`);
  return found;
};
async function optionId(code: string): Promise<number> {
  return id(code);
}
async function lineCount(basketId: number): Promise<number> {
  return Number(
    ((await server.db('basket_line_items').where('basket_id', basketId).count({ n: '*' }).first()) as { n: number | string }).n,
  );
}
async function ratePlanId(code: string, name: string): Promise<number> {
  return Number(
    (
      (await server
        .db('rate_plans')
        .where({ product_id: id(code), name })
        .first('id')) as { id: number }
    ).id,
  );
}
const put = (basketId: number, body: unknown, headers: Record<string, string> = {}) =>
  buyer.request<Row>('PUT', `/api/v1/baskets/${basketId}`, body, { 'x-csrf-token': buyer.csrfToken() ?? '', ...headers });

beforeAll(async () => {
  server = await startTestServer();
  buyer = await signedIn(server, BUYER);
  for (const row of (await server.db('products').select('id', 'product_code')) as { id: number; product_code: string }[])
    sku.set(row.product_code, Number(row.id));
});
afterAll(async () => server.close());

describe('POST /baskets/{id}/line_items', () => {
  it('adds a line priced on the server and recomputes the basket total', async () => {
    const basket = await newBasket('Cables');
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { product: id('GEN-HDMI-5M'), quantity: 3 });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      product: id('GEN-HDMI-5M'),
      quantity: 3,
      name: 'HDMI cable 5 m',
      product_code: 'GEN-HDMI-5M',
      price: '9.50',
      sub_total_for_item: '28.50',
    });
    expect((await buyer.get<Row>(`/api/v1/baskets/${basket}`)).body['total']).toBe('28.50');
    const lines = await buyer.get<Row[]>(`/api/v1/baskets/${basket}/line_items`);
    expect(lines.body).toEqual([response.body]);
  });

  it('prices maintenance per unit and a rate plan by its contract value', async () => {
    const basket = await newBasket('Desks and Dropbox');
    const desk = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, {
      product: id('CS-DESKPRO-K9'),
      quantity: 2,
      maintenance_product: await optionId('CON-SNT-1Y'),
      prov_product: await optionId('PROV-REMOTE'),
    });
    expect(desk.status, desk.text).toBe(201);
    expect(desk.body['sub_total_for_item']).toBe('5410.00'); // (2450 + 210 + 45) × 2
    const plan = await ratePlanId('DBX-BUS-STD', 'Monthly (3–100 users)');
    const dropbox = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, {
      product: id('DBX-BUS-STD'),
      quantity: 5,
      selected_rate_plan: plan,
    });
    expect(dropbox.status, dropbox.text).toBe(201);
    expect(dropbox.body).toMatchObject({ price: '12.50', sub_total_for_item: '62.50' }); // 12.50 × 5, one month
    expect((await buyer.get<Row>(`/api/v1/baskets/${basket}`)).body['total']).toBe('5472.50');
  });

  it.each([
    [
      'maintenance missing where offered',
      () => ({ product: id('CS-DESKPRO-K9'), quantity: 1 }),
      'maintenance_required',
      'maintenance_product',
    ],
    [
      'an option of another product',
      () => ({ product: id('CS-DESKPRO-K9'), quantity: 1, maintenance_product: id('POLY-PLUS-1Y') }),
      'option_not_offered',
      'maintenance_product',
    ],
    ['below the plan minimum', () => ({ product: id('DBX-BUS-STD'), quantity: 2 }), 'min_quantity', 'quantity'],
    ['above the plan maximum', () => ({ product: id('DBX-BUS-STD'), quantity: 101 }), 'max_quantity', 'quantity'],
    ['above a one-only plan', () => ({ product: id('NUV-CONTRACT-STD'), quantity: 2 }), 'max_quantity', 'quantity'],
    ['a locked quantity changed (usage-only plan)', () => ({ product: id('STAC-ZP-BYOC'), quantity: 2 }), 'quantity_locked', 'quantity'],
    ['price on request', () => ({ product: id('AC-M800C'), quantity: 1 }), 'no_price', 'product'],
    ['a hidden product', () => ({ product: id('CS-SX10-EOL'), quantity: 1 }), 'product_unavailable', 'product'],
    ['an inactive product', () => ({ product: id('POLY-TRIO-8800'), quantity: 1 }), 'product_unavailable', 'product'],
    ['a draft product', () => ({ product: id('YEA-ROOMCAST'), quantity: 1 }), 'product_unavailable', 'product'],
    ['an option product sold only with another', () => ({ product: id('CON-SNT-1Y'), quantity: 1 }), 'product_unavailable', 'product'],
    ['a missing product', () => ({ product: 999999, quantity: 1 }), 'product_unavailable', 'product'],
    [
      'a plan of another product',
      () => ({ product: id('GEN-HDMI-5M'), quantity: 1, selected_rate_plan: 1 }),
      'option_not_offered',
      'selected_rate_plan',
    ],
    ['quantity 0', () => ({ product: id('GEN-HDMI-5M'), quantity: 0 }), 'quantity_below_one', 'quantity'],
  ])('refuses %s (422 with its code; nothing written)', async (_label, body, code, parameter) => {
    const basket = await newBasket(`Refused ${code} ${parameter} ${Math.random()}`);
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, body());
    expect(response.status, response.text).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ code, message_key: `problem.${code}`, parameter });
    expect(await lineCount(basket)).toBe(0);
  });

  it("takes a Dovetail provisioning target of the caller's tree, and refuses one outside it", async () => {
    const basket = await newBasket('Dovetail');
    const group = (await server
      .db('dovetail_groups as g')
      .join('organisations as o', 'o.id', 'g.organisation_id')
      .where('o.tree_path', 'like', '/1/2/3/%')
      .first('g.id')) as { id: number } | undefined;
    const foreign = (await server
      .db('dovetail_groups as g')
      .join('organisations as o', 'o.id', 'g.organisation_id')
      .whereNot('o.tree_path', 'like', '/1/2/3/%')
      .first('g.id')) as { id: number } | undefined;
    expect(group, "the demo has a Dovetail group in Customer Co's tree").toBeDefined();
    const line = {
      product: id('CP-8845-K9'),
      quantity: 1,
      maintenance_product: id('CON-SNT-1Y'),
      prov_product: id('PROV-DOVETAIL'),
      prov_organisation: 7,
    };
    const ok = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { ...line, prov_group: group?.id });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ prov_organisation: 7, prov_group: group?.id });
    const refused = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { ...line, prov_group: foreign?.id });
    expect(refused.body).toMatchObject({ code: 'outside_scope', parameter: 'prov_group' });
    const outside = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { ...line, prov_organisation: 6 });
    expect(outside.body).toMatchObject({ code: 'outside_scope', parameter: 'prov_organisation' });
  });

  it('refuses a fractional quantity as a bad body', async () => {
    const basket = await newBasket('Fractions');
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { product: id('GEN-HDMI-5M'), quantity: 1.5 });
    expect(response.status).toBe(400);
    expect(await lineCount(basket)).toBe(0);
  });

  it('refuses root users (403), callers without order:modify_draft (403) and other organisations (404)', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    const rootBasket = (await server.db('baskets').where('id', 1).first()) as Row;
    expect(rootBasket).toBeDefined();
    expect((await root.post('/api/v1/baskets/1/line_items', { product: id('GEN-HDMI-5M'), quantity: 1 })).status).toBe(403);
    expect(
      (await (await signedIn(server, EU_BUYER)).post('/api/v1/baskets/5/line_items', { product: id('GEN-HDMI-5M'), quantity: 1 })).status,
    ).toBe(403);
    const before = await lineCount(6);
    expect((await buyer.post('/api/v1/baskets/6/line_items', { product: id('GEN-HDMI-5M'), quantity: 1 })).status).toBe(404);
    expect(await lineCount(6)).toBe(before);
  });

  it('adds once for one Idempotency-Key, replaying the first answer', async () => {
    const basket = await newBasket('Idempotent');
    const send = () =>
      buyer.request<Row>(
        'POST',
        `/api/v1/baskets/${basket}/line_items`,
        { product: id('LOGI-BRIO-4K'), quantity: 2 },
        { 'x-csrf-token': buyer.csrfToken() ?? '', 'idempotency-key': `add-${basket}` },
      );
    const [first, second] = await Promise.all([send(), send()]);
    expect([first?.status, second?.status]).toEqual([201, 201]);
    expect(second?.body).toEqual(first?.body);
    expect(await lineCount(basket)).toBe(1);
  });

  it('keeps every one of many adds sent at once, and a total that counts them all', async () => {
    const basket = await newBasket('Parallel');
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, { product: id('GEN-HDMI-5M'), quantity: 1 }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    // One product, one line (issue 22 item 13): every add raised its quantity, none was lost.
    expect(await lineCount(basket)).toBe(1);
    expect((await server.db('basket_line_items').where('basket_id', basket).first('quantity')).quantity).toBe(12);
    expect((await buyer.get<Row>(`/api/v1/baskets/${basket}`)).body['total']).toBe('114.00');
  });
});

describe('POST /baskets with its first lines', () => {
  it('creates the basket and its lines in one go', async () => {
    const response = await buyer.post<Row>('/api/v1/baskets', {
      name: 'With lines',
      line_items: [{ product: id('GEN-HDMI-5M'), quantity: 2 }],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ name: 'With lines', total: '19.00' });
    expect(await lineCount(response.body.id)).toBe(1);
  });

  it('leaves no basket behind when a line is refused', async () => {
    const response = await buyer.post<Row>('/api/v1/baskets', {
      name: 'Half written',
      line_items: [
        { product: id('GEN-HDMI-5M'), quantity: 1 },
        { product: id('CS-DESKPRO-K9'), quantity: 1 },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'maintenance_required', parameter: 'line_items/1/maintenance_product' });
    expect(await server.db('baskets').where('name', 'Half written').first()).toBeUndefined();
  });

  it('answers 409 for a name the organisation already uses, in any case', async () => {
    await newBasket('Taken name');
    const response = await buyer.post<Row>('/api/v1/baskets', {
      name: 'TAKEN NAME',
      line_items: [{ product: id('GEN-HDMI-5M'), quantity: 1 }],
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'duplicate_value', parameter: 'name' });
  });

  it('lets root users keep an empty basket but not buy', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    expect(
      (await root.post('/api/v1/baskets', { name: 'Root basket', line_items: [{ product: id('GEN-HDMI-5M'), quantity: 1 }] })).status,
    ).toBe(403);
    expect(await server.db('baskets').where('name', 'Root basket').first()).toBeUndefined();
  });
});

describe('PUT /baskets/{id} with lines', () => {
  async function basketWith(lines: Record<string, unknown>[]): Promise<{ basket: number; ids: number[] }> {
    const basket = await newBasket(`Edit ${Math.random()}`);
    const ids: number[] = [];
    for (const line of lines) {
      const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/line_items`, line);
      expect(response.status, response.text).toBe(201);
      ids.push(response.body.id);
    }
    return { basket, ids };
  }

  it('saves details and lines together: changed quantities, zero and left-out lines removed, new ones added', async () => {
    const { basket, ids } = await basketWith([
      { product: id('GEN-HDMI-5M'), quantity: 1 },
      { product: id('GEN-WALL-MOUNT'), quantity: 1 },
      { product: id('LOGI-BRIO-4K'), quantity: 1 },
    ]);
    const response = await put(basket, {
      ship_instructions: 'Goods in, door 4',
      shipping_city: 'York',
      line_items: [
        { id: ids[0], product: id('GEN-HDMI-5M'), quantity: 10 },
        { id: ids[1], product: id('GEN-WALL-MOUNT'), quantity: 0 },
        { product: id('POLY-SYNC-20'), quantity: 2 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ ship_instructions: 'Goods in, door 4', shipping_city: 'York', total: '293.00' }); // 95 + 198
    const lines = (await buyer.get<Row[]>(`/api/v1/baskets/${basket}/line_items`)).body;
    expect(lines.map((line) => [line['product_code'], line['quantity']])).toEqual([
      ['GEN-HDMI-5M', 10],
      ['POLY-SYNC-20', 2],
    ]);
  });

  it('leaves the lines alone when line_items is not sent, and refuses a line of another basket', async () => {
    const { basket } = await basketWith([{ product: id('GEN-HDMI-5M'), quantity: 2 }]);
    expect((await put(basket, { name: `Renamed ${basket}` })).status).toBe(200);
    expect(await lineCount(basket)).toBe(1);
    const other = (await server.db('basket_line_items').where('basket_id', 6).first('id')) as { id: number };
    const response = await put(basket, { line_items: [{ id: other.id, product: id('GEN-HDMI-5M'), quantity: 1 }] });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'unknown_line_item', parameter: 'line_items/0/id' });
  });

  it('answers 412 to a save made on a stale copy, and writes nothing', async () => {
    const { basket, ids } = await basketWith([{ product: id('GEN-HDMI-5M'), quantity: 2 }]);
    const etag = (await buyer.get(`/api/v1/baskets/${basket}`)).headers.get('etag') ?? '';
    expect((await put(basket, { ship_instructions: 'first' }, { 'if-match': etag })).status).toBe(200);
    const stale = await put(basket, { line_items: [{ id: ids[0], product: id('GEN-HDMI-5M'), quantity: 9 }] }, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body['code']).toBe('stale_record');
    expect((await buyer.get<Row[]>(`/api/v1/baskets/${basket}/line_items`)).body[0]?.['quantity']).toBe(2);
  });

  it('re-checks each line: a quantity the plan refuses names the line', async () => {
    const { basket, ids } = await basketWith([
      { product: id('GEN-HDMI-5M'), quantity: 1 },
      { product: id('DBX-BUS-STD'), quantity: 3 },
    ]);
    const response = await put(basket, {
      line_items: [
        { id: ids[0], product: id('GEN-HDMI-5M'), quantity: 1 },
        { id: ids[1], product: id('DBX-BUS-STD'), quantity: 2 },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'min_quantity', parameter: 'line_items/1/quantity' });
  });

  it('holds the margin to the RRP: a markup lifting the end-user price above it names the line, a negative one is a bad body', async () => {
    const { basket, ids } = await basketWith([{ product: id('LOGI-RALLY-BAR'), quantity: 1 }]);
    const above = await put(basket, { line_items: [{ id: ids[0], product: id('LOGI-RALLY-BAR'), quantity: 1, markup: '30' }] });
    expect([above.status, above.body]).toMatchObject([
      422,
      { code: 'max_margin', message_key: 'problem.max_margin', parameter: 'line_items/0/markup' },
    ]);
    const negative = await put(basket, { line_items: [{ id: ids[0], product: id('LOGI-RALLY-BAR'), quantity: 1, markup: '-1' }] });
    expect(negative.status).toBe(400);
    // Nothing was written by either: the line keeps no markup; a margin within the RRP is kept.
    expect(await server.db('basket_line_items').where('id', ids[0]).first('markup')).toMatchObject({ markup: null });
    const within = await put(basket, { line_items: [{ id: ids[0], product: id('LOGI-RALLY-BAR'), quantity: 1, markup: '5' }] });
    expect(within.status, within.text).toBe(200);
  });

  describe('Dropbox, Acronis and named orders (000 §5)', () => {
    const dropbox = (team: string | null, admin: string | null = 'it@customer.example') => ({
      product: id('DBX-BUS-STD'),
      quantity: 3,
      dropbox_team_name: team,
      dropbox_admin_email: admin,
    });

    it.each([
      ['a team name of two characters', () => [dropbox('ab')], 422, 'team_name_length', 'line_items/0/dropbox_team_name'],
      ['a team name starting with a space', () => [dropbox(' design')], 422, 'team_name_regex', 'line_items/0/dropbox_team_name'],
      ['an admin without a team', () => [dropbox(null)], 422, 'team_admin_required', 'line_items/0/dropbox_team_name'],
      [
        'the same new team twice, in any case',
        () => [dropbox('Design Team'), dropbox('design team')],
        409,
        'new_team_name_exists',
        'line_items/1/dropbox_team_name',
      ],
      ['a team the organisation has already', () => [dropbox('CUSTOMER-TEAM')], 409, 'team_name_exists', 'line_items/0/dropbox_team_name'],
      [
        'a tenant without its admin',
        () => [{ product: id('ACR-CP-STD'), quantity: 5, acronis_tenant_name: 'acme' }],
        422,
        'acronis_pair_required',
        'line_items/0/acronis_admin_email',
      ],
      [
        'a named order on a hardware line',
        () => [{ product: id('GEN-HDMI-5M'), quantity: 1, nuvias_name: 'Contract' }],
        422,
        'field_not_applicable',
        'line_items/0/nuvias_name',
      ],
      [
        'a Dropbox team on a Nuvias line',
        () => [{ product: id('NUV-CONTRACT-STD'), quantity: 1, dropbox_team_name: 'Team' }],
        422,
        'field_not_applicable',
        'line_items/0/dropbox_team_name',
      ],
      [
        'a Zoom order on a Dropbox line',
        () => [{ ...dropbox('Zoom team'), zoom_deal_registration_id: 'DR-1' }],
        422,
        'field_not_applicable',
        'line_items/0/zoom_deal_registration_id',
      ],
    ])('refuses %s', async (_label, lines, status, code, parameter) => {
      await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 3).update({ team_name: 'customer-team' }));
      const basket = await newBasket(`Details ${Math.random()}`);
      const response = await put(basket, { line_items: lines() });
      expect(response.status, response.text).toBe(status);
      expect(response.body).toMatchObject({ code, message_key: `problem.${code}`, parameter });
      expect(await lineCount(basket)).toBe(0);
    });

    it('refuses a team named on an open order of the organisation, and accepts a new one and the named orders', async () => {
      // An open (PROCESSING) order of Customer Co holding the Dropbox team "Sales Team".
      const line = (await server
        .db('order_line_items as l')
        .join('orders as o', 'o.id', 'l.order_id')
        .where('o.organisation_id', 3)
        .first('l.id', 'l.order_id')) as { id: number; order_id: number };
      await writeVersionedRows(server.db, async (trx) => {
        await trx('orders').where('id', line.order_id).update({ status: 'PROCESSING' });
        await trx('order_line_items').where('id', line.id).update({ dropbox_team_name: 'Sales Team' });
      });
      const basket = await newBasket(`Teams ${Math.random()}`);
      const clash = await put(basket, { line_items: [dropbox('SALES TEAM')] });
      expect(clash.status).toBe(409);
      expect(clash.body['code']).toBe('team_name_exists');
      await writeVersionedRows(server.db, (trx) => trx('orders').where('id', line.order_id).update({ status: 'COMPLETE' }));
      expect((await put(basket, { line_items: [dropbox('sales team')] })).status, 'a completed order frees its team name').toBe(200);
      const response = await put(basket, {
        line_items: [
          dropbox('New design team'),
          { product: id('ACR-CP-STD'), quantity: 5, acronis_tenant_name: ' ', acronis_admin_email: null },
          { product: id('NUV-CONTRACT-STD'), quantity: 1, nuvias_name: 'Support 2027' },
          { product: id('SBC-AAS-100'), quantity: 10, sbc_name: 'Leeds SBC' },
          { product: id('STAC-TEAMS-DR'), quantity: 5, stac_teams_name: 'Teams DR' },
          {
            product: id('ZM-ONE-PRO'),
            quantity: 2,
            zoom_order_type: 'NEW_BUSINESS',
            zoom_deal_registration_id: 'DR-1001',
            zoom_end_user_email: 'eve@end-user.example',
          },
        ],
      });
      expect(response.status, response.text).toBe(200);
      const lines = (await buyer.get<Row[]>(`/api/v1/baskets/${basket}/line_items`)).body;
      expect(
        lines.map((line) => [
          line['dropbox_team_name'],
          line['acronis_tenant_name'],
          line['nuvias_name'],
          line['sbc_name'],
          line['stac_teams_name'],
        ]),
      ).toEqual([
        ['New design team', null, null, null, null],
        [null, null, null, null, null],
        [null, null, 'Support 2027', null, null],
        [null, null, null, 'Leeds SBC', null],
        [null, null, null, null, 'Teams DR'],
        [null, null, null, null, null],
      ]);
      // The Zoom order's details (000 §3 zoom_order), which the basket page and the wizard edit alike.
      expect(lines[5]).toMatchObject({
        zoom_order_type: 'NEW_BUSINESS',
        zoom_deal_registration_id: 'DR-1001',
        zoom_end_user_email: 'eve@end-user.example',
        zoom_end_user_name: null,
      });
    });
  });
});

describe('GET /baskets/{id}/addresses', () => {
  it("answers the basket organisation's saved addresses to its buyer, who has no organisation:view", async () => {
    const response = await buyer.get<Row[]>('/api/v1/baskets/1/addresses');
    expect(response.status, response.text).toBe(200);
    expect(response.body.map((address) => address['name'])).toEqual(['Head office']);
    expect((await buyer.get('/api/v1/organisations/3/addresses')).status).toBe(403);
    expect((await buyer.get('/api/v1/baskets/6/addresses')).status).toBe(404);
  });
  it("answers the caller's own organisation's addresses for a new basket, to whoever may create one", async () => {
    const response = await buyer.get<Row[]>('/api/v1/basket_addresses');
    expect(response.status, response.text).toBe(200);
    expect(response.body.map((address) => address['name'])).toEqual(['Head office']);
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/basket_addresses')).status).toBe(403);
    expect((await server.client().get('/api/v1/basket_addresses')).status).toBe(401);
  });
});

describe('GET /basket_team_names', () => {
  it("answers the caller's organisation's Dropbox teams, trimmed and lower-cased, for the clash shown as typed (issue 22 item 12)", async () => {
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 3).update({ team_name: ' Customer Co Team ' }));
    const response = await buyer.get<{ names: string[] }>('/api/v1/basket_team_names');
    expect(response.status, response.text).toBe(200);
    expect(response.body.names).toContain('customer co team');
    expect(response.body.names).toEqual([...response.body.names].sort());
    // Another organisation's team is not among them.
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', 5).update({ team_name: 'Elsewhere Team' }));
    expect((await buyer.get<{ names: string[] }>('/api/v1/basket_team_names')).body.names).not.toContain('elsewhere team');
  });

  it('is for those who see baskets: root does not buy, a visitor must sign in', async () => {
    expect((await (await signedIn(server, ROOT_ADMIN)).get('/api/v1/basket_team_names')).status).toBe(403);
    expect((await server.client().get('/api/v1/basket_team_names')).status).toBe(401);
  });
});

describe('POST /baskets from the new-basket page', () => {
  it('creates the basket with its whole details table, the shipping method included', async () => {
    const response = await buyer.post<Row>('/api/v1/baskets', {
      name: `New page ${Math.random()}`,
      shipping_type: 1,
      part_ship: true,
      shipping_city: 'Leeds',
      shipping_country_code: 'GB',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ shipping_type: { id: 1 }, part_ship: true, shipping_city: 'Leeds', total: '0.00' });
    const unknown = await buyer.post<Row>('/api/v1/baskets', { name: `New page ${Math.random()}`, shipping_type: 999 });
    expect([unknown.status, unknown.body['code'], unknown.body['parameter']]).toEqual([422, 'unknown_value', 'shipping_type']);
  });
});

describe('POST /baskets/{id}/quick_order', () => {
  it('adds every line when all pass, SKUs in any case', async () => {
    const basket = await newBasket('Quick');
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/quick_order`, {
      lines: [
        { sku: 'gen-hdmi-5m', quantity: 4 },
        { sku: ' LOGI-BRIO-4K ', quantity: 1 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body['added']).toBe(true);
    expect(await lineCount(basket)).toBe(2);
    expect((await buyer.get<Row>(`/api/v1/baskets/${basket}`)).body['total']).toBe('197.00');
  });

  it('adds nothing when one line fails, and says why for each line', async () => {
    const basket = await newBasket('Quick refused');
    const response = await buyer.post<Row>(`/api/v1/baskets/${basket}/quick_order`, {
      lines: [
        { sku: 'GEN-HDMI-5M', quantity: 4 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: 'CS-SX10-EOL', quantity: 1 },
        { sku: 'DBX-BUS-STD', quantity: 1 },
        { sku: 'CS-DESKPRO-K9', quantity: 1 },
        { sku: 'GEN-WALL-MOUNT', quantity: 0 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body['added']).toBe(false);
    expect((response.body['results'] as Row[]).map((result) => [result['line'], result['ok'], result['code']])).toEqual([
      [1, true, null],
      [2, false, 'unknown_sku'],
      [3, false, 'unknown_sku'],
      [4, false, 'min_quantity'],
      [5, false, 'maintenance_required'],
      [6, false, 'quantity_below_one'],
    ]);
    expect(await lineCount(basket)).toBe(0);
  });
});
