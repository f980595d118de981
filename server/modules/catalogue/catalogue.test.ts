import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, PublicProduct } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { statementsOf } from '../../testing/statementsOf';

describe('catalogue', () => {
  let server: TestServer;
  let buyer: TestClient;
  let euBuyer: TestClient;
  let root: TestClient;
  let hiddenId: number;
  let visibleCount: number;

  beforeAll(async () => {
    server = await startTestServer();
    buyer = server.client();
    euBuyer = server.client();
    root = server.client();
    await buyer.login('buyer@customer.example');
    await euBuyer.login('buyer@eu-customer.example');
    await root.login('admin@supplier.example');
    hiddenId = Number((await server.db('products').where('show_in_webstore', false).first('id')).id);
    visibleCount = Number((await server.db('products').where('show_in_webstore', true).count({ n: '*' }).first())?.['n']);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists only products shown in the webstore, with paging headers', async () => {
    const response = await buyer.get<Product[]>('/api/v1/products');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(24);
    expect(Number(response.headers.get('x-total-count'))).toBe(visibleCount);
    expect(Number(response.headers.get('x-total-pages'))).toBe(Math.ceil(visibleCount / 24));
    expect(response.body.every((product) => product.show_in_webstore)).toBe(true);
    const lastPage = Math.ceil(visibleCount / 48);
    const last = await buyer.get<Product[]>(`/api/v1/products?per_page=48&page=${lastPage}`);
    expect(last.body).toHaveLength(visibleCount - (lastPage - 1) * 48);
    const beyond = await buyer.get<Product[]>(`/api/v1/products?per_page=48&page=${lastPage + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual([]);
  });

  it('pages through every visible product exactly once', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(visibleCount / 24); page++) {
      const response = await buyer.get<Product[]>(`/api/v1/products?page=${page}&sort_by=%2Bname`);
      seen.push(...response.body.map((product) => product.id));
    }
    expect(new Set(seen).size).toBe(visibleCount);
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/v1/products')).status).toBe(401);
    expect((await server.client().get('/api/v1/products/1')).status).toBe(401);
  });

  it.each(['-popularity', '+popularity', '+name', '-name'])('sorts by %s', async (sortBy) => {
    const response = await buyer.get<Product[]>(`/api/v1/products?per_page=96&sort_by=${encodeURIComponent(sortBy)}`);
    const key = sortBy.slice(1) as 'popularity' | 'name';
    const values = response.body.map((product) => product[key]);
    // Names sort case-insensitively, by code point, on both databases.
    const byText = (a: unknown, b: unknown) =>
      String(a).toLowerCase() < String(b).toLowerCase() ? -1 : String(a).toLowerCase() > String(b).toLowerCase() ? 1 : 0;
    const sorted = [...values].sort((a, b) => (key === 'name' ? byText(a, b) : Number(a) - Number(b)));
    if (sortBy.startsWith('-')) sorted.reverse();
    if (key === 'popularity') expect(values).toEqual(sorted);
    else expect(values.map((name) => String(name).toLowerCase())).toEqual(sorted.map((name) => String(name).toLowerCase()));
  });

  it('reads an unencoded + in sort_by as ascending', async () => {
    const encoded = await buyer.get<Product[]>('/api/v1/products?sort_by=%2Bname');
    const raw = await buyer.get<Product[]>('/api/v1/products?sort_by=+name');
    expect(raw.status).toBe(200);
    expect(raw.body.map((p) => p.id)).toEqual(encoded.body.map((p) => p.id));
  });

  it.each(['+price', '-price'])('sorts by %s exactly, prices on request last', async (sortBy) => {
    const response = await buyer.get<Product[]>(`/api/v1/products?per_page=96&sort_by=${encodeURIComponent(sortBy)}`);
    const prices = response.body.map((product) => product.price);
    const firstNull = prices.indexOf(null);
    if (firstNull >= 0) expect(prices.slice(firstNull).every((price) => price === null)).toBe(true);
    const priced = prices.filter((price): price is string => price !== null).map((price) => new Decimal(price));
    for (let i = 1; i < priced.length; i++) {
      if (sortBy === '+price') expect(priced[i]!.gte(priced[i - 1]!)).toBe(true);
      else expect(priced[i]!.lte(priced[i - 1]!)).toBe(true);
    }
  });

  it('filters by text on product code or name, case-insensitively', async () => {
    const sample = (await buyer.get<Product[]>('/api/v1/products?per_page=1')).body[0]!;
    const fragment = sample.product_code.slice(0, Math.max(3, sample.product_code.length - 1)).toLowerCase();
    const response = await buyer.get<Product[]>(`/api/v1/products?per_page=96&text=${encodeURIComponent(fragment)}`);
    expect(response.body.map((p) => p.id)).toContain(sample.id);
    expect(response.body.every((p) => `${p.product_code} ${p.name}`.toLowerCase().includes(fragment))).toBe(true);
    const none = await buyer.get<Product[]>('/api/v1/products?text=%25%25no-such-product%25');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('filters by several vendors, and by "No vendor" (-1)', async () => {
    const vendors = (await buyer.get<{ id: number }[]>('/api/v1/vendors')).body;
    const [first, second] = vendors;
    const both = await buyer.get<Product[]>(`/api/v1/products?per_page=96&vendor=${first!.id}&vendor=${second!.id}`);
    expect(both.body.length).toBeGreaterThan(0);
    expect(both.body.every((p) => p.vendor && [first!.id, second!.id].includes(p.vendor.id))).toBe(true);
    const none = await buyer.get<Product[]>('/api/v1/products?per_page=96&vendor=-1');
    expect(none.body.length).toBeGreaterThan(0);
    expect(none.body.every((p) => p.vendor === null)).toBe(true);
    const mixed = await buyer.get<Product[]>(`/api/v1/products?per_page=96&vendor=-1&vendor=${first!.id}`);
    expect(mixed.body.length).toBe(none.body.length + both.body.filter((p) => p.vendor?.id === first!.id).length);
  });

  it('filters by type, and by "No type" (-1)', async () => {
    const types = (await buyer.get<{ id: number }[]>('/api/v1/product_types')).body;
    const one = await buyer.get<Product[]>(`/api/v1/products?per_page=96&type=${types[0]!.id}`);
    expect(one.body.every((p) => p.product_type?.id === types[0]!.id)).toBe(true);
    const none = await buyer.get<Product[]>('/api/v1/products?per_page=96&type=-1');
    expect(none.body.length).toBeGreaterThan(0);
    expect(none.body.every((p) => p.product_type === null)).toBe(true);
  });

  it('filters by a value range on the buy price, bounds included', async () => {
    const all = (await buyer.get<Product[]>('/api/v1/products?per_page=96&sort_by=%2Bprice')).body.filter((p) => p.price !== null);
    const low = all[Math.floor(all.length / 4)]!.price!;
    const high = all[Math.floor((all.length * 3) / 4)]!.price!;
    const response = await buyer.get<Product[]>(`/api/v1/products?per_page=96&value_from=${low}&value_to=${high}`);
    const expected = all
      .filter((p) => new Decimal(p.price!).gte(low) && new Decimal(p.price!).lte(high))
      .map((p) => p.id)
      .sort();
    expect(response.body.map((p) => p.id).sort()).toEqual(expected);
  });

  it('prices the buyer in GBP and the EU buyer in EUR, as exact decimal strings', async () => {
    const gbp = (await buyer.get<Product[]>('/api/v1/products?per_page=96')).body;
    const eur = (await euBuyer.get<Product[]>('/api/v1/products?per_page=96')).body;
    expect(gbp.every((p) => p.currency === 'GBP')).toBe(true);
    expect(eur.every((p) => p.currency === 'EUR')).toBe(true);
    const priced = gbp.find((p) => p.price !== null)!;
    expect(priced.price).toMatch(/^\d+\.\d{2,4}$/);
    expect(eur.find((p) => p.id === priced.id)?.price).not.toBe(priced.price);
    const stored = await server
      .db('price_list_items as pli')
      .join('price_lists as pl', 'pl.id', 'pli.price_list_id')
      .where({ 'pl.currency': 'GBP', 'pl.is_default': true, 'pli.product_id': priced.id })
      .first('pli.price');
    expect(new Decimal(priced.price!).times(10000).toFixed(0)).toBe(String(stored.price));
  });

  it('shows product detail with rate plans, charges and costs in the caller currency', async () => {
    const withPlans = await server
      .db('products as p')
      .join('rate_plans as rp', 'rp.product_id', 'p.id')
      .where('p.show_in_webstore', true)
      .first('p.id');
    const response = await euBuyer.get<Product>(`/api/v1/products/${withPlans.id}`);
    expect(response.status).toBe(200);
    expect(response.body.rate_plans.length).toBeGreaterThan(0);
    const costs = response.body.rate_plans.flatMap((plan) => plan.rate_plan_charges.flatMap((charge) => charge.rate_plan_charge_costs));
    expect(costs.length).toBeGreaterThan(0);
    expect(costs.every((cost) => cost.currency === 'EUR')).toBe(true);
  });

  it('hides hidden and unknown products behind the same 404', async () => {
    for (const client of [buyer, root]) {
      const hidden = await client.get(`/api/v1/products/${hiddenId}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ code: 'not_found' });
      expect((await client.get('/api/v1/products/987654')).status).toBe(404);
    }
    expect((await buyer.get('/api/v1/products/abc')).status).toBe(404);
    expect((await server.client().get(`/api/v1/public/webstore/${hiddenId}`)).status).toBe(404);
  });

  it.each(['+price', '-price', '+name', '-name', '-popularity'])(
    'pages through a %s sort as one ordered list, prices on request last',
    async (sortBy) => {
      const sort = encodeURIComponent(sortBy);
      const whole = (await buyer.get<Product[]>(`/api/v1/products?sort_by=${sort}&per_page=96`)).body;
      expect(whole).toHaveLength(visibleCount);
      const paged: Product[] = [];
      for (let page = 1; page <= Math.ceil(visibleCount / 7); page++) {
        paged.push(...(await buyer.get<Product[]>(`/api/v1/products?sort_by=${sort}&per_page=7&page=${page}`)).body);
      }
      expect(paged.map((product) => product.id)).toEqual(whole.map((product) => product.id));
      if (sortBy.endsWith('price')) {
        const priced = whole.filter((product) => product.price !== null);
        expect(whole.slice(0, priced.length)).toEqual(priced);
        const prices = priced.map((product) => new Decimal(product.price!));
        const ordered = [...prices].sort((a, b) => a.comparedTo(b) * (sortBy.startsWith('-') ? -1 : 1));
        expect(prices.map(String)).toEqual(ordered.map(String));
      }
    },
  );

  it('opens inactive and draft products to root staff only', async () => {
    for (const where of [{ active: false }, { draft: true }]) {
      const { id } = (await server
        .db('products')
        .where({ show_in_webstore: true, ...where })
        .first('id')) as { id: number };
      expect((await buyer.get(`/api/v1/products/${id}`)).status, JSON.stringify(where)).toBe(404);
      expect((await server.client().get(`/api/v1/public/webstore/${id}`)).status, JSON.stringify(where)).toBe(404);
      expect((await root.get(`/api/v1/products/${id}`)).status, JSON.stringify(where)).toBe(200);
    }
  });

  it('prices a product for an organisation of the caller subtree, and for no other', async () => {
    const reseller = server.client();
    await reseller.login('admin@reseller.example');
    const { id } = (await buyer.get<Product[]>('/api/v1/products?sort_by=-price')).body[0]!;
    const euCustomer = (await server.db('organisations').where('name', 'EU Customer GmbH').first('id')) as { id: number };
    const forEu = await reseller.get<Product>(`/api/v1/products/${id}?organisation=${euCustomer.id}`);
    expect(forEu.status).toBe(200);
    expect(forEu.body.currency).toBe('EUR');
    expect(forEu.body.price).toBe((await euBuyer.get<Product>(`/api/v1/products/${id}`)).body.price);
    expect((await reseller.get<Product>(`/api/v1/products/${id}`)).body.currency).toBe('GBP');
    // The buyer's organisation has no EU Customer below it: as if it did not exist.
    expect((await buyer.get(`/api/v1/products/${id}?organisation=${euCustomer.id}`)).status).toBe(404);
    expect((await buyer.get(`/api/v1/products/${id}?organisation=abc`)).status).toBe(400);
  });

  it('runs a fixed number of queries per page, not one per product', async () => {
    const counts: number[] = [];
    for (const perPage of [24, 96]) {
      counts.push((await statementsOf(server.db, () => buyer.get(`/api/v1/products?per_page=${perPage}`))).length);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});

describe('public webstore', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends no buy price to anonymous visitors', async () => {
    const list = await server.client().get<PublicProduct[]>('/api/v1/public/webstore?per_page=96');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    const buyPrices = await server.db('price_list_items').whereNotNull('price').select('price', 'rrp');
    const forbiddenKeys = ['price', 'ship_cost', 'maintenance', 'provisioning'];
    for (const product of list.body) {
      for (const key of forbiddenKeys) expect(product).not.toHaveProperty(key);
    }
    const detail = await server.client().get<PublicProduct>(`/api/v1/public/webstore/${list.body[0]!.id}`);
    for (const key of forbiddenKeys) expect(detail.body).not.toHaveProperty(key);
    // No buy price value appears anywhere in the answer, unless it equals some retail price.
    const retail = new Set(buyPrices.map((row) => String(row.rrp)));
    const leaked = buyPrices
      .filter((row) => !retail.has(String(row.price)))
      .map((row) => new Decimal(String(row.price)).div(10000).toFixed(2));
    for (const value of leaked) expect(list.text.includes(`"${value}"`)).toBe(false);
  });

  it('prices in GBP by default and in EUR on request', async () => {
    const gbp = await server.client().get<PublicProduct[]>('/api/v1/public/webstore');
    const eur = await server.client().get<PublicProduct[]>('/api/v1/public/webstore?currency=EUR');
    expect(gbp.body.every((p) => p.currency === 'GBP')).toBe(true);
    expect(eur.body.every((p) => p.currency === 'EUR')).toBe(true);
  });

  it('filters the value range on the retail price', async () => {
    const all = (await server.client().get<PublicProduct[]>('/api/v1/public/webstore?per_page=96')).body.filter((p) => p.rrp !== null);
    const threshold = all[0]!.rrp!;
    const above = await server.client().get<PublicProduct[]>(`/api/v1/public/webstore?per_page=96&value_from=${threshold}`);
    expect(above.body.every((p) => p.rrp !== null && new Decimal(p.rrp).gte(threshold))).toBe(true);
  });

  it('answers the most-popular lookup with one product', async () => {
    const response = await server.client().get<PublicProduct[]>('/api/v1/public/webstore?per_page=1&sort_by=-popularity');
    expect(response.body).toHaveLength(1);
    const top = await server
      .db('products')
      .where('show_in_webstore', true)
      .orderBy([{ column: 'popularity', order: 'desc' }, 'id'])
      .first('id');
    expect(response.body[0]!.id).toBe(Number(top.id));
  });
});
