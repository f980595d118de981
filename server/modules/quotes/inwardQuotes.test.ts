import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, expectProblem, GB_ADDRESS, productId, publishedQuote, RECIPIENT } from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// PUT /quotes/inward/{id} (001 §2 inward view, §6): the recipient completes a published quote —
// PO number and subscription names with quote:accept, shipping and provisioning with
// quote:modify — before accepting it; nothing of the sender's offer changes.

let server: TestServer;
let root: TestClient;
let recipient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  root = await signedIn(server, ROOT_ADMIN);
  recipient = await signedIn(server, RESELLER_ADMIN);
});
afterAll(async () => server.close());

const path = (id: unknown) => `/api/v1/quotes/inward/${String(id)}`;
async function read(client: TestClient, id: unknown): Promise<{ body: Row; etag: string }> {
  const answer = await client.get<Row>(path(id));
  expect(answer.status, answer.text).toBe(200);
  return { body: answer.body, etag: answer.headers.get('etag')! };
}
const save = (client: TestClient, id: unknown, body: Record<string, unknown>, etag?: string) =>
  client.request<Row>('PUT', path(id), body, { 'x-csrf-token': client.csrfToken() ?? '', ...(etag && { 'if-match': etag }) });

describe('PUT /quotes/inward/{id}', () => {
  it('saves the PO, address, method, part shipment, instructions and Dropbox names, prices the shipping, and keeps the offer', async () => {
    // Sent complete (001 §2: publishing needs shipping complete); the recipient ships it elsewhere.
    const quote = await publishedQuote(root, server.db);
    const { body, etag } = await read(recipient, quote.id);
    expect(body['ship_cost']).toBe('9.95');
    const lines = (await recipient.get<Row[]>(`${path(quote.id)}/line_items`)).body;
    const dropbox = lines.find((line) => line['name'] === 'Dropbox Business Standard')!;
    const team = `Inward Team ${Date.now() % 100000}`;
    const answer = await save(
      recipient,
      quote.id,
      {
        ...body,
        ...GB_ADDRESS,
        shipping_city: 'Bath',
        shipping_type: { id: 1, name: 'as shown' },
        part_ship: true,
        ship_instructions: 'Goods in, door 3',
        provisioning_instructions: 'Call Rita',
        purchase_order_number: 'PO-INWARD-1',
        line_items: [{ id: dropbox.id, dropbox_team_name: team, dropbox_admin_email: 'it@reseller.example' }],
      },
      etag,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      ...GB_ADDRESS,
      shipping_city: 'Bath',
      shipping_type: { id: 1 },
      ship_cost: '9.95',
      part_ship: true,
      ship_instructions: 'Goods in, door 3',
      provisioning_instructions: 'Call Rita',
      purchase_order_number: 'PO-INWARD-1',
      total: quote.total,
      quote_status: 'PUBLISHED',
      name: quote.name,
    });
    const after = (await recipient.get<Row[]>(`${path(quote.id)}/line_items`)).body;
    expect(after.find((line) => line.id === dropbox.id)).toMatchObject({
      dropbox_team_name: team,
      price: dropbox['price'],
      sub_total_for_item: dropbox['sub_total_for_item'],
    });
    const audit = (await server
      .db('audit_log_entries')
      .where({ entity_type: 'quote', entity_id: quote.id, action: 'UPDATE' })
      .count('* as n')
      .first()) as { n: number | string };
    expect(Number(audit.n)).toBeGreaterThan(0);
    // Accepting then takes what was saved.
    const accepted = await recipient.post<Row>(`/api/v1/quotes/${String(quote.id)}/accept`, { purchase_order_number: 'PO-INWARD-1' });
    expect(accepted.status, accepted.text).toBe(201);
    const order = (await recipient.get<Row>(`/api/v1/orders/${String(accepted.body.id)}`)).body;
    expect(order).toMatchObject({
      ship_instructions: 'Goods in, door 3',
      part_ship: true,
      ship_cost: '9.95',
      provisioning_instructions: 'Call Rita',
    });
  });

  it('takes the record back unchanged, refuses a stale one (412), and is for PUBLISHED quotes not past their expiry date (409)', async () => {
    const quote = await publishedQuote(root, server.db);
    const { body, etag } = await read(recipient, quote.id);
    const unchanged = await save(recipient, quote.id, body, etag);
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body).toEqual(body);
    await save(recipient, quote.id, { ...body, purchase_order_number: 'PO-MOVED' });
    expectProblem(await save(recipient, quote.id, { ...body, purchase_order_number: 'PO-STALE' }, etag), 412, 'stale_record');
    await writeVersionedRows(server.db, (trx) => trx('quotes').where('id', quote.id).update({ expiry_date: '2020-01-01' }));
    const expired = (await read(recipient, quote.id)).body;
    expectProblem(await save(recipient, quote.id, { ...expired, purchase_order_number: 'PO-LATE' }), 409, 'invalid_state');
    await writeVersionedRows(server.db, (trx) =>
      trx('quotes').where('id', quote.id).update({ expiry_date: '2030-12-31', quote_status: 'DECLINED' }),
    );
    const declined = (await read(recipient, quote.id)).body;
    expectProblem(await save(recipient, quote.id, { ...declined, purchase_order_number: 'PO-LATE' }), 409, 'invalid_state');
  });

  it('lets quote:accept give the PO but not the shipping or instructions, which need quote:modify (403 forbidden_field)', async () => {
    // Demo quote 2 is PUBLISHED to Customer Co, whose buyer holds quote:accept and not quote:modify.
    const buyer = await signedIn(server, BUYER);
    const { body } = await read(buyer, 2);
    const po = await save(buyer, 2, { ...body, purchase_order_number: 'PO-BUYER-2' });
    expect(po.status, po.text).toBe(200);
    expect(po.body['purchase_order_number']).toBe('PO-BUYER-2');
    expectProblem(
      await save(buyer, 2, { ...po.body, ship_instructions: 'Leave at the door' }),
      403,
      'forbidden_field',
      'ship_instructions',
    );
  });

  it('keeps no address on a quote where nothing ships', async () => {
    const draft = await createDraft(root, { line_items: [{ product: await productId(server.db, 'DBX-BUS-STD'), quantity: 3 }] });
    expect((await root.post(`/api/v1/quotes/${String(draft.id)}/send`)).status).toBe(200);
    const { body } = await read(recipient, draft.id);
    const kept = await save(recipient, draft.id, { ...body, ...GB_ADDRESS, shipping_type: 1 });
    expect(kept.status, kept.text).toBe(200);
    expect([kept.body['shipping_city'], kept.body['shipping_type'], kept.body['ship_cost']]).toEqual([null, null, null]);
  });

  it('refuses a PO number another order of the organisation has when it forces uniqueness, and other organisations (403)', async () => {
    const quote = await publishedQuote(root, server.db);
    const { body } = await read(recipient, quote.id);
    await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', RECIPIENT).update({ force_po_uniqueness: true }));
    try {
      const taken = (await server
        .db('orders')
        .where('organisation_id', RECIPIENT)
        .whereNotNull('purchase_order_number')
        .first('purchase_order_number')) as { purchase_order_number: string };
      expectProblem(
        await save(recipient, quote.id, { ...body, purchase_order_number: taken.purchase_order_number.toLowerCase() }),
        409,
        'non_unique_po_number',
        'purchase_order_number',
      );
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('organisations').where('id', RECIPIENT).update({ force_po_uniqueness: false }));
    }
    const stranger = await signedIn(server, EU_BUYER);
    expect((await save(stranger, quote.id, { ...body, purchase_order_number: 'PO-X' })).status).toBe(403);
    // A draft is not yet the recipient's.
    expect((await save(recipient, 13, { purchase_order_number: 'PO-X', part_ship: false })).status).toBe(404);
  });

  it("answers the recipient's saved addresses to whoever sees the quote inward", async () => {
    const buyer = await signedIn(server, BUYER);
    const addresses = await buyer.get<Row[]>('/api/v1/quotes/inward/2/addresses');
    expect(addresses.status, addresses.text).toBe(200);
    const stored = (await server.db('addresses').where('organisation_id', 3).pluck('id')).map(Number).sort((a, b) => a - b);
    expect(addresses.body.map((address) => address.id).sort((a, b) => a - b)).toEqual(stored);
    expect((await (await signedIn(server, EU_BUYER)).get('/api/v1/quotes/inward/2/addresses')).status).toBe(403);
    expect((await recipient.get('/api/v1/quotes/inward/13/addresses')).status).toBe(404);
  });
});
