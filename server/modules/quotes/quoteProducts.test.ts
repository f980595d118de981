import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, productId, RECIPIENT } from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { addRootUsers, RESELLER_ADMIN, ROOT_ADMIN, ROOT_NO_ROLE_USER, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';
import { buyerOf } from '../checkout/checkoutLines';
import { recipientProducts } from './quoteLines';

// GET /quotes/products (001 §2 quote edit wizard): what the editor offers a quote's lines from is
// exactly what a save accepts and how it prices them: the recipient's webstore, list and currency.

let server: TestServer;
let root: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addRootUsers(server.db);
  root = await signedIn(server, ROOT_ADMIN);
});
afterAll(async () => server.close());

const list = (query: string) => root.get<Row[]>(`/api/v1/quotes/products?${query}`);

describe('GET /quotes/products', () => {
  it("pages the recipient's buyable products by name, priced from its list, with the quote flags", async () => {
    const first = await list(`organisation_to=${RECIPIENT}&per_page=5`);
    expect(first.status, first.text).toBe(200);
    const buyable = Number(
      (
        (await server.db('products').where({ show_in_webstore: true, active: true, draft: false }).count('* as n').first()) as {
          n: number | string;
        }
      ).n,
    );
    expect(Number(first.headers.get('x-total-count'))).toBe(buyable);
    const names = first.body.map((product) => String(product['name']).toLowerCase());
    expect(names).toEqual([...names].sort());
    const expected = await recipientProducts(
      server.db,
      await buyerOf(server.db, RECIPIENT),
      first.body.map((product) => product.id),
    );
    for (const product of first.body) {
      expect(product).toMatchObject({ price: expected.get(product.id)!.price, currency: 'GBP', discountable: expect.any(Boolean) });
    }
  });

  it('narrows by text, answers named products in the order asked, and marks the Zoom add-on SEAT and services not discountable', async () => {
    const hdmi = await list(`organisation_to=${RECIPIENT}&text=hdmi`);
    expect(hdmi.body.map((product) => product['product_code'])).toContain('GEN-HDMI-5M');
    expect(hdmi.body.every((product) => /hdmi/i.test(`${String(product['name'])} ${String(product['product_code'])}`))).toBe(true);
    const ids = [
      await productId(server.db, 'SVC-INSTALL-ROOM'),
      await productId(server.db, 'ZM-LARGE-MTG'),
      await productId(server.db, 'ZM-ONE-PRO'),
    ];
    const named = await list(`organisation_to=${RECIPIENT}&${ids.map((id) => `product=${id}`).join('&')}`);
    expect(named.body.map((product) => product.id)).toEqual(ids);
    expect(named.body.map((product) => [product['discountable'], product['quantity_type']])).toEqual([
      [false, null],
      [true, 'SEAT'],
      [true, null],
    ]);
    expect((named.body[2]?.['rate_plans'] as unknown[]).length).toBeGreaterThan(0);
  });

  it('leaves out what a save would refuse: hidden, inactive or draft products', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    await writeVersionedRows(server.db, (trx) => trx('products').where('id', hdmi).update({ active: false }));
    try {
      expect((await list(`organisation_to=${RECIPIENT}&product=${hdmi}`)).body).toEqual([]);
      expect((await list(`organisation_to=${RECIPIENT}&text=GEN-HDMI-5M`)).body).toEqual([]);
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('products').where('id', hdmi).update({ active: true }));
    }
  });

  it('is for root users who may create or amend quotes, to a recipient a save would accept', async () => {
    expectProblem(await list('organisation_to=1'), 422, 'outside_scope', 'organisation_to');
    expectProblem(await list('organisation_to=3'), 422, 'quote_recipient_ineligible', 'organisation_to');
    const none = await list('per_page=5');
    expect([none.status, none.body, none.headers.get('x-total-count')]).toEqual([200, [], '0']);
    expect((await (await signedIn(server, RESELLER_ADMIN)).get(`/api/v1/quotes/products?organisation_to=${RECIPIENT}`)).status).toBe(403);
    expect((await (await signedIn(server, ROOT_NO_ROLE_USER)).get(`/api/v1/quotes/products?organisation_to=${RECIPIENT}`)).status).toBe(
      403,
    );
    expect((await server.client().get(`/api/v1/quotes/products?organisation_to=${RECIPIENT}`)).status).toBe(401);
  });
});
