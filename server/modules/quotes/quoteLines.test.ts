import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine } from '../../../shared/pricing';
import { toScaled } from '../../db/scaled';
import {
  createDraft,
  expectProblem,
  GB_ADDRESS,
  header,
  linesOf,
  productId,
  RECIPIENT,
  threeKindsOfLine,
  ZOOM_DETAILS,
} from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';
import { buyerOf } from '../checkout/checkoutLines';
import { recipientProducts } from './quoteLines';

// Saving a quote with its lines (001 §3, §4, §5; 000 §5): the server checks and prices every line
// from the recipient's price list, and derives the total, the shipping and the approval flag.

let server: TestServer;
let root: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  root = await signedIn(server, ROOT_ADMIN);
});
afterAll(async () => server.close());

const put = (id: unknown, body: Record<string, unknown>) => root.send<Row>('PUT', `/api/v1/quotes/${String(id)}`, { ...header, ...body });

/** What shared/pricing makes of a line for the recipient, today. */
async function expectedNet(code: string, quantity: number, discount = 0): Promise<string> {
  const id = await productId(server.db, code);
  const product = (await recipientProducts(server.db, await buyerOf(server.db, RECIPIENT), [id])).get(id)!;
  return priceLine(product, { quantity, discount: String(discount) }).net.toFixed(2);
}

describe('saving a quote with lines', () => {
  it('stores each line priced by the server from the recipient’s list, drops zero quantities, and totals them', async () => {
    const lines = await threeKindsOfLine(server.db);
    const draft = await createDraft(root, {
      line_items: [...lines, { product: await productId(server.db, 'GEN-WALL-MOUNT'), quantity: 0 }],
    });
    const stored = (await root.get<Row[]>(`/api/v1/quotes/${draft.id}/line_items`)).body;
    expect(stored.map((line) => line['quantity'])).toEqual([4, 5, 3]);
    const nets = [await expectedNet('GEN-HDMI-5M', 4, 10), await expectedNet('DBX-BUS-STD', 5), await expectedNet('ZM-ONE-PRO', 3)];
    expect(stored.map((line) => line['sub_total_for_item'])).toEqual(nets);
    expect(stored[0]).toMatchObject({ name: 'HDMI cable 5 m', discount: '10.00' });
    expect(stored[1]).toMatchObject({
      dropbox_team_name: expect.stringMatching(/^New Team \d+$/),
      dropbox_admin_email: 'it@reseller.example',
    });
    expect(stored[2]).toMatchObject({ zoom_end_user_company: 'End User Ltd' });
    expect(stored[2]?.['selected_rate_plan']).not.toBeNull();
    const total = nets.reduce((sum, net) => sum.plus(net), new Decimal(0)).toFixed(2);
    expect(draft['total']).toBe(total);
    expect(await linesOf(server.db, 'quote_line_items', 'quote_id', draft.id)).toHaveLength(3);
  });

  it('refuses figures from the client, a discount outside 0–100 or not whole, and a discount on a product that takes none', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    for (const line of [
      { product: hdmi, quantity: 1, price: '0.01' },
      { product: hdmi, quantity: 1, discount: 101 },
      { product: hdmi, quantity: 1, discount: 2.5 },
      { product: hdmi, quantity: 1, discount: -1 },
    ]) {
      expectProblem(await root.post('/api/v1/quotes', { ...header, line_items: [line] }), 400, 'invalid_body');
    }
    const service = await productId(server.db, 'SVC-INSTALL-ROOM');
    expectProblem(
      await root.post('/api/v1/quotes', {
        ...header,
        line_items: [
          { product: hdmi, quantity: 1 },
          { product: service, quantity: 1, discount: 5 },
        ],
      }),
      422,
      'product_not_discountable',
      'line_items/1/discount',
    );
    const saved = await createDraft(root, { line_items: [{ product: service, quantity: 1, discount: 0 }] });
    expect(saved['total']).toBe(await expectedNet('SVC-INSTALL-ROOM', 1));
  });

  it('applies the rate plan’s quantity rules, defaulting to its minimum, and caps seats at the base Zoom quantity', async () => {
    const dropbox = await productId(server.db, 'DBX-BUS-STD');
    expectProblem(
      await root.post('/api/v1/quotes', { ...header, line_items: [{ product: dropbox, quantity: 2 }] }),
      422,
      'min_quantity',
      'line_items/0/quantity',
    );
    const defaulted = await createDraft(root, { line_items: [{ product: dropbox }] });
    expect((await linesOf(server.db, 'quote_line_items', 'quote_id', defaulted.id))[0]?.['quantity']).toBe(3);
    const pro = await productId(server.db, 'ZM-ONE-PRO');
    const large = await productId(server.db, 'ZM-LARGE-MTG');
    expectProblem(
      await root.post('/api/v1/quotes', { ...header, line_items: [{ product: pro, quantity: 10, ...ZOOM_DETAILS }] }),
      422,
      'max_quantity',
      'line_items/0/quantity',
    );
    expectProblem(
      await root.post('/api/v1/quotes', {
        ...header,
        line_items: [
          { product: pro, quantity: 2, ...ZOOM_DETAILS },
          { product: large, quantity: 3 },
        ],
      }),
      422,
      'max_quantity',
      'line_items/1/quantity',
    );
    await createDraft(root, {
      line_items: [
        { product: pro, quantity: 3, ...ZOOM_DETAILS },
        { product: large, quantity: 3 },
      ],
    });
  });

  it('offers only products the recipient’s webstore shows, and checks the per-kind details as a basket line’s', async () => {
    const hidden = await productId(server.db, 'GEN-HDMI-5M');
    await writeVersionedRows(server.db, (trx) => trx('products').where('id', hidden).update({ show_in_webstore: false }));
    try {
      expectProblem(
        await root.post('/api/v1/quotes', { ...header, line_items: [{ product: hidden, quantity: 1 }] }),
        422,
        'product_unavailable',
        'line_items/0/product',
      );
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('products').where('id', hidden).update({ show_in_webstore: true }));
    }
    const dropbox = await productId(server.db, 'DBX-BUS-STD');
    expectProblem(
      await root.post('/api/v1/quotes', {
        ...header,
        line_items: [{ product: dropbox, quantity: 3, dropbox_team_name: ' x', dropbox_admin_email: 'a@b.example' }],
      }),
      422,
      'team_name_regex',
      'line_items/0/dropbox_team_name',
    );
    expectProblem(
      await root.post('/api/v1/quotes', { ...header, line_items: [{ product: hidden, quantity: 1, dropbox_team_name: 'Team' }] }),
      422,
      'field_not_applicable',
    );
    const twice = { product: dropbox, quantity: 3, dropbox_team_name: 'Same', dropbox_admin_email: 'a@b.example' };
    expectProblem(await root.post('/api/v1/quotes', { ...header, line_items: [twice, twice] }), 409, 'new_team_name_exists');
    // Empty Dropbox details are stored as none (001 §4 "nulls empty storage or backup orders").
    const empty = await createDraft(root, {
      line_items: [{ product: dropbox, quantity: 3, dropbox_team_name: ' ', dropbox_admin_email: null }],
    });
    expect((await linesOf(server.db, 'quote_line_items', 'quote_id', empty.id))[0]).toMatchObject({
      dropbox_team_name: null,
      dropbox_admin_email: null,
    });
  });

  it('keeps the address and prices shipping only when something ships; nothing shipping nulls them (001 §4)', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const dropbox = await productId(server.db, 'DBX-BUS-STD');
    const shipping = await createDraft(root, {
      line_items: [{ product: hdmi, quantity: 2 }],
      shipping_type: 1,
      part_ship: true,
      ...GB_ADDRESS,
    });
    expect(shipping).toMatchObject({ ...GB_ADDRESS, ship_cost: '9.95', part_ship: true, shipping_type: { id: 1 } });
    const digital = await put(shipping.id, { line_items: [{ product: dropbox, quantity: 3 }] });
    expect(digital.status, digital.text).toBe(200);
    expect(digital.body).toMatchObject({
      shipping_company_name: null,
      shipping_city: null,
      shipping_country_code: null,
      shipping_type: null,
      ship_cost: null,
      part_ship: false,
    });
  });

  it('keeps fields left out of a save and the lines when none are sent; finance details only with FINANCE', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const draft = await createDraft(root, {
      line_items: [{ product: hdmi, quantity: 2 }],
      ship_instructions: 'Back door',
      payment_type: 'FINANCE',
      finance_first_name: 'Fay',
    });
    expect(draft).toMatchObject({ payment_type: 'FINANCE', finance_first_name: 'Fay' });
    const saved = await put(draft.id, { name: 'Renamed' });
    expect(saved.body).toMatchObject({ name: 'Renamed', ship_instructions: 'Back door', payment_type: 'FINANCE', total: draft['total'] });
    expect(await linesOf(server.db, 'quote_line_items', 'quote_id', draft.id)).toHaveLength(1);
    const onAccount = await put(draft.id, { payment_type: 'ON_ACCOUNT' });
    expect(onAccount.body).toMatchObject({ payment_type: 'ON_ACCOUNT', finance_first_name: null });
  });

  it('answers a draft at today’s prices, while a sent quote keeps its stored total', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const draft = await createDraft(root, { line_items: [{ product: hdmi, quantity: 10 }], shipping_type: 1, ...GB_ADDRESS });
    expect(draft['total']).toBe(await expectedNet('GEN-HDMI-5M', 10));
    const item = server.db('price_list_items').where({ product_id: hdmi, price_list_id: 3 });
    const before = (await item.clone().first('price')) as { price: number } | undefined;
    expect(before).toBeDefined();
    await writeVersionedRows(server.db, (trx) =>
      trx('price_list_items')
        .where({ product_id: hdmi, price_list_id: 3 })
        .update({ price: toScaled('11.00') }),
    );
    try {
      expect((await root.get<Row>(`/api/v1/quotes/outward/${draft.id}/draft`)).body['total']).toBe('110.00');
      expect((await root.get<Row[]>(`/api/v1/quotes/${draft.id}/line_items`)).body[0]?.['sub_total_for_item']).toBe('110.00');
      const sent = await root.post<Row>(`/api/v1/quotes/${draft.id}/send`);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body['total']).toBe('110.00');
    } finally {
      await writeVersionedRows(server.db, (trx) =>
        trx('price_list_items').where({ product_id: hdmi, price_list_id: 3 }).update({ price: before!.price }),
      );
    }
    // Published, the quote keeps the prices it was sent with.
    expect((await root.get<Row>(`/api/v1/quotes/${draft.id}`)).body['total']).toBe('110.00');
    expect((await root.get<Row[]>(`/api/v1/quotes/${draft.id}/line_items`)).body[0]?.['sub_total_for_item']).toBe('110.00');
  });

  it('needs approval for a discount above the sender’s threshold, until approved up to that discount', async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const draft = await createDraft(root, { line_items: [{ product: hdmi, quantity: 1, discount: 25 }] });
    expect(draft['requires_approval']).toBe(false);
    const steep = await put(draft.id, { line_items: [{ product: hdmi, quantity: 1, discount: 30 }] });
    expect(steep.body['requires_approval']).toBe(true);
    const approved = await root.post<Row>(`/api/v1/quotes/${draft.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toEqual({ id: draft.id, requires_approval: false });
    expect((await put(draft.id, { line_items: [{ product: hdmi, quantity: 2, discount: 30 }] })).body['requires_approval']).toBe(false);
    expect((await put(draft.id, { line_items: [{ product: hdmi, quantity: 2, discount: 31 }] })).body['requires_approval']).toBe(true);
  });

  it("reads the threshold from the sending organisation's quote_approval_discount as it is now: higher, lower or none", async () => {
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const threshold = async (value: string | null) =>
      writeVersionedRows(server.db, (trx) =>
        trx('organisations')
          .where('id', 1)
          .update({ quote_approval_discount: value === null ? null : toScaled(value) }),
      );
    try {
      await threshold('40');
      const draft = await createDraft(root, { line_items: [{ product: hdmi, quantity: 1, discount: 35 }] });
      expect(draft['requires_approval']).toBe(false);
      expect((await put(draft.id, { line_items: [{ product: hdmi, quantity: 1, discount: 41 }] })).body['requires_approval']).toBe(true);
      await threshold('10');
      expect((await put(draft.id, { line_items: [{ product: hdmi, quantity: 1, discount: 11 }] })).body['requires_approval']).toBe(true);
      await threshold(null);
      expect((await put(draft.id, { line_items: [{ product: hdmi, quantity: 1, discount: 100 }] })).body['requires_approval']).toBe(false);
    } finally {
      await threshold('25');
    }
  });
});
