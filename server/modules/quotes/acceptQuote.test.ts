import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTitles } from '../../generated/problems';
import { createDraft, expectProblem, GB_ADDRESS, productId, publishedQuote, RECIPIENT } from '../../testing/quotes';
import { statementsOf } from '../../testing/statementsOf';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, EU_BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// Accept and order (001 §5 "Quote accept", §7): one workflow, one transaction; the order's lines
// and totals are the quote's to the penny, and however many accept at once, one order is placed.

let server: TestServer;
let root: TestClient;
let recipient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  root = await signedIn(server, ROOT_ADMIN);
  recipient = await signedIn(server, RESELLER_ADMIN);
});
afterAll(async () => server.close());

const setRecipient = (values: Record<string, unknown>) =>
  writeVersionedRows(server.db, (trx) => trx('organisations').where('id', RECIPIENT).update(values));
const ordersOf = async (quoteId: unknown) => (await server.db('orders').where('quote_id', Number(quoteId)).pluck('id')).map(Number);

/** The Dropbox line's id (the recipient completes its team's names at acceptance). */
async function dropboxLine(quote: Row): Promise<number> {
  const lines = (await recipient.get<Row[]>(`/api/v1/quotes/inward/${quote.id}/line_items`)).body;
  return lines.find((line) => line['dropbox_team_name'] !== undefined && line['name'] === 'Dropbox Business Standard')!.id;
}

const accept = (client: TestClient, quote: Row, body: Record<string, unknown> = {}) =>
  client.post<Row>(`/api/v1/quotes/${quote.id}/accept`, { id: quote.id, purchase_order_number: `PO-${String(quote.id)}`, ...body });

describe('POST /quotes/{id}/accept', () => {
  it('places one order with the quote’s lines and totals to the penny, linked both ways, and the quote ACCEPTED', async () => {
    const quote = await publishedQuote(root, server.db);
    const answer = await accept(recipient, quote);
    expect(answer.status, answer.text).toBe(201);
    const orderId = Number(answer.body.id);
    const order = (await recipient.get<Row>(`/api/v1/orders/${orderId}`)).body;
    expect(order).toMatchObject({
      quote: { id: quote.id, name: quote.name },
      purchase_order_number: `PO-${String(quote.id)}`,
      total: quote.total,
      currency: 'GBP',
      ship_cost: '9.95',
      ...GB_ADDRESS,
      organisation: { id: RECIPIENT },
    });
    const quoteLines = (await recipient.get<Row[]>(`/api/v1/quotes/inward/${quote.id}/line_items`)).body;
    const orderLines = (await recipient.get<Row[]>(`/api/v1/orders/${orderId}/line_items`)).body;
    const shape = (line: Row) => ({
      name: line['name'],
      product: line['product'],
      quantity: line['quantity'],
      price: line['price'],
      sub_total_for_item: line['sub_total_for_item'],
      discount: line['discount'],
      selected_rate_plan: line['selected_rate_plan'],
      dropbox_team_name: line['dropbox_team_name'],
      zoom_end_user_email: line['zoom_end_user_email'],
    });
    expect(orderLines.map(shape)).toEqual(quoteLines.map(shape));
    const sum = orderLines.reduce((total, line) => total.plus(String(line['sub_total_for_item'])), new Decimal(0)).toFixed(2);
    expect(sum).toBe(quote.total);
    const accepted = (await recipient.get<Row>(`/api/v1/quotes/inward/${quote.id}`)).body;
    expect(accepted).toMatchObject({ quote_status: 'ACCEPTED', order_id: orderId });
    const audit = (await server.db('audit_log_entries').where({ entity_type: 'quote', entity_id: quote.id }).pluck('action')) as string[];
    expect(audit).toContain('ACCEPT');
    expectProblem(await accept(recipient, quote), 409, 'invalid_state');
    expect(await ordersOf(quote.id)).toEqual([orderId]);
  });

  it("refuses a line whose product the recipient's webstore stopped showing, though the catalogue's cache held it shown", async () => {
    // An acceptance first, so the process's catalogue cache holds the quote's products as shown.
    expect((await accept(recipient, await publishedQuote(root, server.db))).status).toBe(201);
    const quote = await publishedQuote(root, server.db);
    const line = (await server.db('quote_line_items').where('quote_id', Number(quote.id)).orderBy('id').first('product_id')) as {
      product_id: number;
    };
    const hide = (shown: boolean) =>
      writeVersionedRows(server.db, (trx) => trx('products').where('id', line.product_id).update({ show_in_webstore: shown }));
    await hide(false);
    try {
      expectProblem(await accept(recipient, quote), 422, 'product_unavailable');
      expect(await ordersOf(quote.id)).toEqual([]);
    } finally {
      await hide(true);
    }
  });

  it('takes the Dropbox names the recipient completes, and refuses the order while a subscription name is missing', async () => {
    const quote = await publishedQuote(root, server.db);
    const line = await dropboxLine(quote);
    await server.db.transaction(async (trx) => {
      // Staged as the sender could have left it: a team without its admin e-mail.
      await trx('quote_line_items').where('id', line).update({ dropbox_admin_email: null });
    });
    expectProblem(await accept(recipient, quote), 422, 'checkout_complete_required_fields', 'line_items/1/dropbox_admin_email');
    expectProblem(
      await accept(recipient, quote, { line_items: [{ id: 999999, dropbox_admin_email: 'x@y.example' }] }),
      422,
      'unknown_line_item',
      'line_items/0/id',
    );
    expectProblem(
      await accept(recipient, quote, { line_items: [{ id: line, dropbox_team_name: ' bad', dropbox_admin_email: 'x@y.example' }] }),
      422,
      'team_name_regex',
    );
    const answer = await accept(recipient, quote, {
      line_items: [{ id: line, dropbox_team_name: 'Reseller Team', dropbox_admin_email: 'it@reseller.example' }],
    });
    expect(answer.status, answer.text).toBe(201);
    const orderLines = (await recipient.get<Row[]>(`/api/v1/orders/${answer.body.id}/line_items`)).body;
    expect(orderLines[1]).toMatchObject({ dropbox_team_name: 'Reseller Team', dropbox_admin_email: 'it@reseller.example' });
  });

  it('applies the recipient’s purchase-order rules, as checkout does', async () => {
    const quote = await publishedQuote(root, server.db);
    await setRecipient({ po_number_required: true, force_po_uniqueness: true });
    try {
      expectProblem(await accept(recipient, quote, { purchase_order_number: '  ' }), 400, 'po_number_required', 'purchase_order_number');
      const taken = (await server
        .db('orders')
        .where('organisation_id', RECIPIENT)
        .whereNotNull('purchase_order_number')
        .first('purchase_order_number')) as { purchase_order_number: string } | undefined;
      if (taken)
        expectProblem(
          await accept(recipient, quote, { purchase_order_number: taken.purchase_order_number.toLowerCase() }),
          409,
          'non_unique_po_number',
        );
      expect((await accept(recipient, quote)).status).toBe(201);
      const second = await publishedQuote(root, server.db);
      expectProblem(
        await accept(recipient, second, { purchase_order_number: `po-${String(quote.id)}` }),
        409,
        'non_unique_po_number',
        'purchase_order_number',
      );
      expect(await ordersOf(second.id)).toEqual([]);
    } finally {
      await setRecipient({ po_number_required: false, force_po_uniqueness: false });
    }
  });

  it('refuses an organisation on credit hold with the catalogue’s exact text, and incomplete shipping', async () => {
    const exact = 'Quote cannot be accepted as this organisation is on credit hold, please contact your account manager.';
    expect(problemTitles.quote_on_credit_hold).toBe(exact);
    const quote = await publishedQuote(root, server.db);
    await setRecipient({ on_credit_hold: true });
    try {
      const held = await accept(recipient, quote);
      expectProblem(held, 409, 'quote_on_credit_hold');
      expect(held.body['title']).toBe(exact);
    } finally {
      await setRecipient({ on_credit_hold: false });
    }
    await server.db.transaction((trx) => trx('quotes').where('id', quote.id).update({ shipping_city: null }));
    expectProblem(await accept(recipient, quote), 422, 'checkout_complete_required_fields', 'shipping_city');
    await server.db.transaction((trx) =>
      trx('quotes').where('id', quote.id).update({ shipping_city: 'Bristol', shipping_country_code: 'US', shipping_type_id: 1 }),
    );
    expectProblem(await accept(recipient, quote), 422, 'no_shipping', 'shipping_type');
    expect(await ordersOf(quote.id)).toEqual([]);
    expect(((await server.db('quotes').where('id', quote.id).first('quote_status')) as Row)['quote_status']).toBe('PUBLISHED');
  });

  it('refuses a quote past its expiry date (409), whether or not the expiry job has run', async () => {
    const quote = await publishedQuote(root, server.db, { expiry_date: '2030-01-01' });
    await server.db.transaction((trx) => trx('quotes').where('id', quote.id).update({ expiry_date: '2026-01-01' }));
    expectProblem(await accept(recipient, quote), 409, 'invalid_state');
  });

  it('is for the recipient or the sender with quote:accept; anyone else is refused', async () => {
    const quote = await publishedQuote(root, server.db);
    expectProblem(await accept(await signedIn(server, BUYER), quote), 403, 'forbidden');
    expectProblem(await accept(await signedIn(server, EU_BUYER), quote), 403, 'forbidden');
    expect((await recipient.post('/api/v1/quotes/999999/accept', { id: 999999 })).status).toBe(404);
    expectProblem(await accept(recipient, quote, { id: Number(quote.id) + 1 }), 400, 'invalid_body', 'id');
    // The sender accepts on the recipient's behalf from the outward view (001 §2).
    const sender = await accept(root, quote);
    expect(sender.status, sender.text).toBe(201);
  });

  it('places one of two quotes accepted at once that name the same new team', async () => {
    const team = `Race ${Date.now() % 1e9}`;
    const product = await productId(server.db, 'DBX-BUS-STD');
    const quotes: Row[] = [];
    for (const name of [team, team.toUpperCase()]) {
      const draft = await createDraft(root, {
        line_items: [{ product, quantity: 5, dropbox_team_name: name, dropbox_admin_email: 'it@reseller.example' }],
      });
      const sent = await root.post<Row>(`/api/v1/quotes/${draft.id}/send`);
      expect(sent.status, sent.text).toBe(200);
      quotes.push(sent.body);
    }
    const answers = await Promise.all(quotes.map((quote) => accept(recipient, quote)));
    expect(answers.map((answer) => [answer.status, answer.body['code']]).sort()).toEqual([
      [201, undefined],
      [409, 'team_name_exists'],
    ]);
  });

  it('places exactly one order for 20 accepts at once; a stale view gets 412', async () => {
    const quote = await publishedQuote(root, server.db);
    const clients = await Promise.all(Array.from({ length: 4 }, () => signedIn(server, RESELLER_ADMIN)));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => accept(clients[index % clients.length]!, quote)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    expect(await ordersOf(quote.id)).toHaveLength(1);

    const next = await publishedQuote(root, server.db);
    const seen = await recipient.get(`/api/v1/quotes/${next.id}`);
    await root.post(`/api/v1/quotes/${next.id}/void`);
    const stale = await recipient.request(
      'POST',
      `/api/v1/quotes/${next.id}/accept`,
      { id: next.id },
      { 'x-csrf-token': recipient.csrfToken()!, 'if-match': seen.headers.get('etag')! },
    );
    expectProblem(stale, 412, 'stale_record');
    expect(await ordersOf(next.id)).toEqual([]);
  });
});

describe('the statements of one acceptance (docs/performance.md, "Checkout")', () => {
  const HARDWARE = ['GEN-HDMI-5M', 'GEN-WALL-MOUNT', 'LOGI-CABLE-KIT', 'LOGI-RALLY-BAR', 'LOGI-MEETUP', 'LOGI-TAP'];

  /** The statements one acceptance of a fresh quote of six shippable lines makes, session read included. */
  async function statementsOfAccept(): Promise<string[]> {
    const lines = await Promise.all(HARDWARE.map(async (code) => ({ product: await productId(server.db, code), quantity: 2 })));
    const draft = await createDraft(root, { line_items: lines, shipping_type: 1, ...GB_ADDRESS });
    const sent = await root.post<Row>(`/api/v1/quotes/${draft.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    const statements = await statementsOf(server.db, async () => {
      const answer = await accept(recipient, sent.body);
      expect(answer.status, answer.text).toBe(201);
    });
    if (process.env['SHOW_STATEMENTS']) console.log(`${statements.length} statements:\n${statements.join('\n')}`);
    return statements;
  }

  it('reads the quote once, writes the order lines in one insert, and reads neither shipping rules nor team names it does not need', async () => {
    await statementsOfAccept();
    const statements = await statementsOfAccept();
    // A lock by id alone (PostgreSQL: select "id" … for update) is no read; a lock that reads the row in scope is.
    const matching = (pattern: RegExp) =>
      statements.filter((sql) => pattern.test(sql) && !/^select [`"]id[`"] from [^;]* for update\b/i.test(sql)).length;
    // The lines in one insert: on PostgreSQL in the statement that settles the transaction.
    expect(matching(/^(with .*)?insert into [`"]order_line_items[`"]/i)).toBe(1);
    // The quote is read once (in the caller's scope), its organisation comes from the buyers kept
    // under the access version, and the new order is never read back, for its e-mails either.
    expect(matching(/^select .* from [`"]quotes[`"]/i)).toBe(1);
    expect(matching(/^select .* from [`"]organisations[`"]/i)).toBe(0);
    expect(matching(/^select .* from [`"]orders[`"]/i)).toBe(0);
    // Warm: the shipping rules come from the catalogue's cache; no line names a Dropbox team.
    for (const table of ['shipping_types', 'shipping_type_countries', 'shipping_prices', 'dropbox_teams'])
      expect(matching(new RegExp(`^select .* from [\`"]${table}[\`"]`, 'i')), table).toBe(0);
    // The recipient's views of the products come from the catalogue's cache too; only their quote flags are read.
    for (const table of ['price_lists', 'price_list_items', 'vendors', 'product_types', 'rate_plans', 'product_options'])
      expect(matching(new RegExp(`^select .* from [\`"]${table}[\`"]`, 'i')), table).toBe(0);
    expect(matching(/^select .* from [`"]products[`"]/i)).toBe(1);
    // What the order refers to (recipient, user, quote, products, shipping type) is vouched for, not read again.
    expect(matching(/^select '[a-z_]+' as entity, id/i)).toBe(0);
    // The order's subscribers come from the list kept under the access version.
    expect(matching(/user_notifications/i)).toBe(0);
    // 11 round trips on PostgreSQL before the lines, the PO number's lock and read and the order's id
    // went in one, and the order (its name with it), its lines and the quote's PO number and new
    // status (one update) with the settling, which goes with the COMMIT.
    if (server.db.client.config.client === 'pg') expect(statements.length).toBeLessThanOrEqual(5);
  });
});
