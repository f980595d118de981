import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import {
  addUserWithoutRoles,
  BUYER,
  EU_BUYER,
  idsOf,
  NO_ROLE_USER,
  RESELLER_ADMIN,
  ROOT_ADMIN,
  signedIn,
  type Row,
} from '../../testing/testUsers';
import { statementsOf } from '../../testing/statementsOf';

// Demo baskets (seeds/demo/orders.ts): 1–3 Customer Co, 4 its branch, 5 EU Customer, 6 Other Customer.

let server: TestServer;
let buyer: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addUserWithoutRoles(server.db);
  buyer = await signedIn(server, BUYER);
});
afterAll(async () => server.close());

async function list(client: TestClient, path: string) {
  const response = await client.get<Row[]>(`/api/v1${path}`);
  expect(response.status, response.text).toBe(200);
  return response;
}

describe('GET /baskets', () => {
  it('shows the baskets of the caller organisation only, not its branch', async () => {
    const response = await list(buyer, '/baskets');
    // Default sort: newest first.
    expect(response.body.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.body[2]).toMatchObject({
      id: 1,
      name: 'Meeting room refresh',
      total: '116.00',
      currency: 'GBP',
      organisation: { id: 3 },
    });
    expect(response.body[1]).toMatchObject({ id: 2, name: null });
    expect((await list(await signedIn(server, RESELLER_ADMIN), '/baskets')).body).toEqual([]);
  });

  it('counts each basket line items in the list query itself, not one query per row', async () => {
    let response!: Awaited<ReturnType<typeof list>>;
    const queries = (
      await statementsOf(server.db, async () => {
        response = await list(buyer, '/baskets?sort_by=%2Bid');
      })
    ).length;
    // Basket 1 takes two hardware lines, basket 2 one Dropbox line, basket 3 is empty.
    expect(response.body.map((row) => [row.id, row['line_item_count']])).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ]);
    // Session lookups, the count, the rows and one organisation expansion: fixed (six today), where a query per row would add three.
    expect(queries).toBeLessThanOrEqual(7);
    expect((await buyer.get<Row>('/api/v1/baskets/1')).body['line_item_count']).toBeUndefined();
  });

  it('filters by name and sorts', async () => {
    expect(idsOf((await list(buyer, '/baskets?text=REFRESH')).body)).toEqual([1]);
    expect((await list(buyer, '/baskets?sort_by=%2Bid')).body.map((row) => row.id)).toEqual([1, 2, 3]);
    expect((await list(buyer, '/baskets?sort_by=-total')).body.map((row) => row.id)).toEqual([2, 1, 3]);
  });

  it('keeps the baskets with line items, or those without, by has_line_items', async () => {
    const withLines = await list(buyer, '/baskets?has_line_items=true&sort_by=%2Bid');
    expect(idsOf(withLines.body)).toEqual([1, 2]);
    expect(withLines.headers.get('x-total-count')).toBe('2');
    expect(idsOf((await list(buyer, '/baskets?has_line_items=false')).body)).toEqual([3]);
    // Scoped like the rest of the list: the branch's basket 4 has lines but is not the caller's.
    expect(idsOf((await list(buyer, '/baskets?has_line_items=true&text=branch')).body)).toEqual([]);
    const bad = await buyer.get<Row>('/api/v1/baskets?has_line_items=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_parameter', parameter: 'has_line_items' });
  });

  it('pages with the headers', async () => {
    const page = await list(buyer, '/baskets?per_page=2&page=2');
    expect(page.headers.get('x-total-pages')).toBe('2');
    expect(page.body.map((row) => row.id)).toEqual([1]);
  });

  it('needs order:view_draft', async () => {
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/baskets')).status).toBe(403);
    expect((await (await signedIn(server, NO_ROLE_USER)).get('/api/v1/baskets/1')).status).toBe(403);
  });

  it('answers a basket of the caller organisation, and 404 for any other', async () => {
    expect((await buyer.get<Row>('/api/v1/baskets/1')).body).toMatchObject({
      id: 1,
      payment_type: 'ON_ACCOUNT',
      created_by: { id: 3, name: 'Bob Buyer' },
    });
    expect((await buyer.get('/api/v1/baskets/4')).status).toBe(404);
    expect((await buyer.get('/api/v1/baskets/6')).status).toBe(404);
  });
});

describe('GET /shipping_types', () => {
  it('lists every shipping type by name for any signed-in user', async () => {
    const response = await list(await signedIn(server, NO_ROLE_USER), '/shipping_types');
    expect(response.body.map((row) => row['name'])).toEqual(['Courier per item', 'International freight', 'Standard UK delivery']);
    expect(response.body[2]).toMatchObject({ rate_type: 'FLAT', rate: '9.95', exclude_countries: false });
    expect(response.body[1]).toMatchObject({
      rate_type: 'BY_WEIGHT_TABLE',
      weight_unit: 'KILOGRAMS',
      min_cost: '15.00',
      max_cost: '250.00',
      exclude_countries: true,
      countries: ['GB'],
    });
    expect(response.body[1]?.['shipping_prices']).toEqual([
      { min_weight: '0.00', max_weight: '2.00', rate: '15.00' },
      { min_weight: '2.00', max_weight: '10.00', rate: '35.00' },
      { min_weight: '10.00', max_weight: null, rate: '80.00' },
    ]);
    expect(response.body[0]).toMatchObject({ countries: ['DE', 'FR', 'GB', 'IE', 'NL'], shipping_prices: [] });
    expect((await server.client().get('/api/v1/shipping_types')).status).toBe(401);
  });

  it('filters by rate type, sorts and pages', async () => {
    expect(idsOf((await list(buyer, '/shipping_types?rate_type=BY_ITEM&rate_type=FLAT')).body)).toEqual([1, 2]);
    expect((await list(buyer, '/shipping_types?sort_by=-id')).body.map((row) => row.id)).toEqual([3, 2, 1]);
    const page = await list(buyer, '/shipping_types?per_page=1&page=2&sort_by=%2Bid');
    expect(page.headers.get('x-total-pages')).toBe('3');
    expect(page.body.map((row) => row.id)).toEqual([2]);
  });

  it('answers one shipping type', async () => {
    expect((await buyer.get<Row>('/api/v1/shipping_types/2')).body).toMatchObject({
      id: 2,
      min_cost: '5.00',
      max_cost: '60.00',
      countries: ['DE', 'FR', 'GB', 'IE', 'NL'],
    });
    expect((await buyer.get<Row>('/api/v1/shipping_types/3')).body['shipping_prices']).toHaveLength(3);
    expect((await buyer.get('/api/v1/shipping_types/99')).status).toBe(404);
  });
});

describe('GET /baskets/{id}/line_items', () => {
  it('answers the lines of a basket of the caller organisation', async () => {
    const lines = (await buyer.get<Row[]>('/api/v1/baskets/1/line_items')).body;
    expect(lines.map((line) => [line['quantity'], line['discount'], line['markup']])).toEqual([
      [4, '0.00', null],
      [2, '0.00', null],
    ]);
    expect((await buyer.get<Row[]>('/api/v1/baskets/2/line_items')).body[0]).toMatchObject({ quantity: 10, dropbox_team_name: 'team-2' });
    expect((await buyer.get<Row[]>('/api/v1/baskets/3/line_items')).body).toEqual([]);
  });

  it('is 404 for another organisation basket, and 403 without order:view_draft', async () => {
    expect((await buyer.get('/api/v1/baskets/4/line_items')).status).toBe(404);
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/baskets/5/line_items')).status).toBe(403);
  });
});

// Issue 22 item 10, 000 §2.8: supplier staff read (never buy) the baskets of their tree, with the
// margin columns their basket page draws from the lines, priced at the basket organisation's list.
describe('root reads the baskets of its tree', () => {
  it('lists and opens every organisation basket, each priced at its own organisation list', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    const rows = (await list(root, '/baskets?sort_by=%2Bid')).body;
    expect(idsOf(rows)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    expect(rows.find((row) => row.id === 5)).toMatchObject({ currency: 'EUR', organisation: { name: expect.any(String) } });
    expect((await root.get<Row>('/api/v1/baskets/4')).body).toMatchObject({ id: 4 });
    // The buyer's own prices, not the supplier's: the same lines, the same figures.
    const asBuyer = (await buyer.get<Row[]>('/api/v1/baskets/1/line_items')).body;
    const asRoot = (await root.get<Row[]>('/api/v1/baskets/1/line_items')).body;
    expect(asRoot.map((line) => [line['price'], line['sub_total_for_item']])).toEqual(
      asBuyer.map((line) => [line['price'], line['sub_total_for_item']]),
    );
  });

  it('writes none of them: saving, checking out and applying for finance are refused', async () => {
    const root = await signedIn(server, ROOT_ADMIN);
    const save = await root.send<Row>('PUT', '/api/v1/baskets/1', { name: 'Taken over' });
    expect(save.status).toBe(403);
    expect(save.body).toMatchObject({ code: 'forbidden' });
    expect((await root.post('/api/v1/baskets/1/checkout', {})).status).toBe(403);
    expect((await root.post('/api/v1/baskets/1/finance', {})).status).toBe(403);
    expect((await root.send('DELETE', '/api/v1/baskets/1')).status).toBe(404);
    expect((await buyer.get<Row>('/api/v1/baskets/1')).body['name']).toBe('Meeting room refresh');
  });

  it('is for root alone: a reseller admin still reads only its own organisation baskets', async () => {
    const reseller = await signedIn(server, RESELLER_ADMIN);
    expect((await reseller.get('/api/v1/baskets/1')).status).toBe(404);
    expect((await reseller.get('/api/v1/baskets/1/line_items')).status).toBe(404);
  });
});
