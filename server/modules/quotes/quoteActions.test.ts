import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDraft,
  expectProblem,
  GB_ADDRESS,
  linesOf,
  productId,
  publishedQuote,
  RECIPIENT,
  threeKindsOfLine,
} from '../../testing/quotes';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { writeVersionedRows } from '../../testing/versionedRows';
import { formatAmount } from '../../../shared/format/money';
import {
  addRootUsers,
  BUYER,
  OTHER_RESELLER_SALES,
  RESELLER_ADMIN,
  ROOT_ADMIN,
  ROOT_SALES_USER,
  signedIn,
  type Row,
} from '../../testing/testUsers';

// The quote actions (001 §2, §4, §6, §7, §8; docs/quotes.md): each from the states it applies to
// (409 invalid_state from any other), with its permission, its audit entry, If-Match and
// Idempotency-Key, and publishing's e-mail through the outbox.

let server: TestServer;
let root: TestClient;
let sales: TestClient;
let recipient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  await addRootUsers(server.db);
  root = await signedIn(server, ROOT_ADMIN);
  sales = await signedIn(server, ROOT_SALES_USER);
  recipient = await signedIn(server, RESELLER_ADMIN);
});
afterAll(async () => server.close());

const statusOf = async (id: unknown) =>
  ((await server.db('quotes').where('id', Number(id)).first('quote_status')) as { quote_status: string }).quote_status;
/** The quote's audit entries but its UPDATEs (a save writes one for the record and one per line changed). */
const auditActions = async (id: unknown) =>
  (
    (await server
      .db('audit_log_entries')
      .where({ entity_type: 'quote', entity_id: Number(id) })
      .orderBy('id')
      .pluck('action')) as string[]
  ).filter((action) => action !== 'UPDATE');
const mails = async () =>
  (await server.db('outbox_messages').orderBy('id').pluck('payload')).map(
    (payload) => JSON.parse(String(payload)) as { to: string; subject: string; text: string },
  );

/** Demo quotes 13–18 are Supplier → Reseller Partners, one of each status (DRAFT, PUBLISHED, ACCEPTED, DECLINED, EXPIRED, VOIDED). */
const DEMO = { DRAFT: 13, PUBLISHED: 14, ACCEPTED: 15, DECLINED: 16, EXPIRED: 17, VOIDED: 18 } as const;

describe('publish (POST /quotes/{id}/send)', () => {
  it('moves a complete draft to PUBLISHED, names it, audits it and e-mails the recipient’s subscribed users', async () => {
    const before = (await mails()).length;
    const quote = await publishedQuote(root, server.db);
    expect(quote).toMatchObject({ quote_status: 'PUBLISHED', supplier_ref: `SQ-${5000 + Number(quote.id)}` });
    expect(await auditActions(quote.id)).toEqual(['CREATE', 'PUBLISH']);
    const sent = (await mails()).slice(before);
    // Rita (admin of Reseller Partners) subscribes to quote_created; nobody else there does.
    expect(sent.map((mail) => mail.to)).toEqual(['admin@reseller.example']);
    expect(sent[0]?.subject).toBe('Quote Quote under test from Supplier Distribution Ltd');
    // The total as the recipient's language writes it (Rita reads English: £1,234.56).
    expect(sent[0]?.text).toContain(formatAmount(String(quote.total), 'GBP', 'en-GB'));
    expectProblem(await root.post(`/api/v1/quotes/${quote.id}/send`), 409, 'invalid_state');
  });

  it('refuses a draft without lines, without its recipient’s name or e-mail, or with an incomplete Zoom order', async () => {
    const empty = await createDraft(root, {});
    expectProblem(await root.post(`/api/v1/quotes/${empty.id}/send`), 422, 'quote_no_line_items', 'line_items');
    const nameless = await createDraft(root, {
      recipient_name: null,
      line_items: [{ product: await productId(server.db, 'GEN-HDMI-5M'), quantity: 1 }],
    });
    expectProblem(await root.post(`/api/v1/quotes/${nameless.id}/send`), 422, 'quote_must_be_saved_to_publish', 'recipient_name');
    const zoom = await createDraft(root, {
      line_items: [{ product: await productId(server.db, 'ZM-ONE-PRO'), quantity: 1, zoom_order_type: 'NEW_BUSINESS' }],
    });
    expectProblem(
      await root.post(`/api/v1/quotes/${zoom.id}/send`),
      422,
      'quote_must_be_saved_to_publish',
      'line_items/0/zoom_end_user_company',
    );
    // A Zoom product's line without any Zoom order is not configured either (001 §2).
    const unconfigured = await createDraft(root, { line_items: [{ product: await productId(server.db, 'ZM-LARGE-MTG'), quantity: 1 }] });
    expectProblem(
      await root.post(`/api/v1/quotes/${unconfigured.id}/send`),
      422,
      'quote_must_be_saved_to_publish',
      'line_items/0/zoom_order_type',
    );
    for (const id of [empty.id, nameless.id, zoom.id, unconfigured.id]) expect(await statusOf(id)).toBe('DRAFT');
  });

  it('refuses a draft whose shipping is incomplete, or whose finance contact or value does not hold (001 §2 gates, 000 §5)', async () => {
    const brio = await productId(server.db, 'LOGI-BRIO-4K');
    const unshipped = await createDraft(root, { line_items: [{ product: brio, quantity: 1 }] });
    expectProblem(
      await root.post(`/api/v1/quotes/${unshipped.id}/send`),
      422,
      'checkout_complete_required_fields',
      'shipping_company_name',
    );
    const methodless = await createDraft(root, { line_items: [{ product: brio, quantity: 1 }], ...GB_ADDRESS });
    expectProblem(await root.post(`/api/v1/quotes/${methodless.id}/send`), 422, 'checkout_complete_required_fields', 'shipping_type');
    const shipped = { shipping_type: 1, ...GB_ADDRESS };
    const contact = {
      finance_target: 'SELF',
      finance_title: 'Ms',
      finance_first_name: 'Fay',
      finance_last_name: 'Finch',
      finance_email_address: 'fay@reseller.example',
      finance_contact_number: '01179000000',
      finance_term_length: 36,
    };
    const financed = (quantity: number, more: Record<string, unknown> = {}) =>
      createDraft(root, { line_items: [{ product: brio, quantity }], ...shipped, payment_type: 'FINANCE', ...contact, ...more });
    expectProblem(
      await root.post(`/api/v1/quotes/${(await financed(10, { finance_last_name: null })).id}/send`),
      422,
      'checkout_complete_required_fields',
      'finance_last_name',
    );
    expectProblem(
      await root.post(`/api/v1/quotes/${(await financed(10, { finance_contact_number: '+44 117' })).id}/send`),
      422,
      'contact_number_regex',
      'finance_contact_number',
    );
    expectProblem(await root.post(`/api/v1/quotes/${(await financed(1)).id}/send`), 422, 'finance_below_minimum_order_value');
    // Nothing on it can be financed: an HDMI cable is not financeable.
    const cable = await createDraft(root, {
      line_items: [{ product: await productId(server.db, 'GEN-HDMI-5M'), quantity: 1 }],
      ...shipped,
      payment_type: 'FINANCE',
      ...contact,
    });
    expectProblem(await root.post(`/api/v1/quotes/${cable.id}/send`), 422, 'finance_not_available');
    for (const id of [unshipped.id, methodless.id, cable.id]) expect(await statusOf(id)).toBe('DRAFT');
    const whole = await financed(10);
    const sent = await root.post<Row>(`/api/v1/quotes/${whole.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ payment_type: 'FINANCE', finance_last_name: 'Finch' });
  });

  it('refuses a draft that needs approval (409 quote_requires_approval) until someone with quote:approve approves it', async () => {
    const steep = await createDraft(root, {
      line_items: [{ product: await productId(server.db, 'GEN-HDMI-5M'), quantity: 1, discount: 40 }],
      shipping_type: 1,
      ...GB_ADDRESS,
    });
    expectProblem(await sales.post(`/api/v1/quotes/${steep.id}/send`), 409, 'quote_requires_approval');
    // Reseller sales (quote:amend, no quote:approve) may publish but not approve.
    expectProblem(await sales.post(`/api/v1/quotes/${steep.id}/approve`), 403, 'forbidden');
    expect((await root.post(`/api/v1/quotes/${steep.id}/approve`)).status).toBe(200);
    expect(await auditActions(steep.id)).toContain('APPROVE');
    expectProblem(await root.post(`/api/v1/quotes/${steep.id}/approve`), 409, 'invalid_state');
    const sent = await sales.post<Row>(`/api/v1/quotes/${steep.id}/send`);
    expect(sent.status, sent.text).toBe(200);
  });

  it('answers 412 to a stale If-Match and replays an Idempotency-Key', async () => {
    const draft = await createDraft(root, { line_items: await threeKindsOfLine(server.db), shipping_type: 1, ...GB_ADDRESS });
    const seen = await root.get(`/api/v1/quotes/${draft.id}`);
    await root.send('PUT', `/api/v1/quotes/${draft.id}`, {
      organisation_to: RECIPIENT,
      name: 'Changed meanwhile',
      recipient_name: 'Rita',
      recipient_email: 'rita@reseller.example',
    });
    const csrf = { 'x-csrf-token': root.csrfToken()! };
    expectProblem(
      await root.request('POST', `/api/v1/quotes/${draft.id}/send`, undefined, { ...csrf, 'if-match': seen.headers.get('etag')! }),
      412,
      'stale_record',
    );
    const fresh = await root.get(`/api/v1/quotes/${draft.id}`);
    const first = await root.request<Row>('POST', `/api/v1/quotes/${draft.id}/send`, undefined, {
      ...csrf,
      'if-match': fresh.headers.get('etag')!,
      'idempotency-key': `send-${String(draft.id)}`,
    });
    expect(first.status, first.text).toBe(200);
    const again = await root.request<Row>('POST', `/api/v1/quotes/${draft.id}/send`, undefined, {
      ...csrf,
      'idempotency-key': `send-${String(draft.id)}`,
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await auditActions(draft.id)).toEqual(['CREATE', 'PUBLISH']);
  });
});

describe('the state table (docs/quotes.md)', () => {
  // Every action from every status: the one that applies moves the quote, any other is 409.
  const ACTIONS: [string, 'POST' | 'DELETE', (id: number) => string, keyof typeof DEMO, () => TestClient][] = [
    ['void', 'POST', (id) => `/api/v1/quotes/${id}/void`, 'PUBLISHED', () => root],
    ['delete', 'DELETE', (id) => `/api/v1/quotes/${id}`, 'DRAFT', () => root],
    ['decline', 'POST', (id) => `/api/v1/quotes/${id}/decline`, 'PUBLISHED', () => recipient],
  ];
  for (const [action, method, path, from, caller] of ACTIONS) {
    it(`${action} applies to ${from} only`, async () => {
      for (const status of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
        if (status === from || (action === 'decline' && status === 'DRAFT')) continue;
        const answer = await caller().send(method, path(DEMO[status]));
        expectProblem(answer, 409, 'invalid_state');
        expect(await statusOf(DEMO[status])).toBe(status);
      }
    });
  }

  it('void moves a PUBLISHED quote to VOIDED, audited; the recipient can then neither accept nor decline it', async () => {
    const quote = await publishedQuote(root, server.db);
    const voided = await root.post<Row>(`/api/v1/quotes/${quote.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body['quote_status']).toBe('VOIDED');
    expect(await auditActions(quote.id)).toEqual(['CREATE', 'PUBLISH', 'VOID']);
    expectProblem(await recipient.post(`/api/v1/quotes/${quote.id}/decline`), 409, 'invalid_state');
    expectProblem(await recipient.post(`/api/v1/quotes/${quote.id}/accept`, { id: quote.id }), 409, 'invalid_state');
  });

  it('delete removes a DRAFT with its lines; a missing quote is 404', async () => {
    const draft = await createDraft(root, { line_items: await threeKindsOfLine(server.db) });
    const deleted = await root.send('DELETE', `/api/v1/quotes/${draft.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect(await server.db('quotes').where('id', draft.id).first()).toBeUndefined();
    expect(await linesOf(server.db, 'quote_line_items', 'quote_id', draft.id)).toEqual([]);
    expect(await auditActions(draft.id)).toEqual(['CREATE', 'DELETE']);
    expect((await root.send('DELETE', `/api/v1/quotes/${draft.id}`)).status).toBe(404);
  });

  it('decline is the recipient’s (quote:accept or admin): PUBLISHED → DECLINED, answered as the inward view', async () => {
    const quote = await publishedQuote(root, server.db);
    // The sender is not the recipient, nor is a customer below it (403, another organisation's quote).
    expectProblem(await root.post(`/api/v1/quotes/${quote.id}/decline`), 403, 'forbidden');
    expectProblem(await (await signedIn(server, BUYER)).post(`/api/v1/quotes/${quote.id}/decline`), 403, 'forbidden');
    expect((await recipient.post('/api/v1/quotes/999999/decline')).status).toBe(404);
    expectProblem(await (await signedIn(server, OTHER_RESELLER_SALES)).post(`/api/v1/quotes/${quote.id}/decline`), 403, 'forbidden');
    const declined = await recipient.post<Row>(`/api/v1/quotes/${quote.id}/decline`);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({ id: quote.id, quote_status: 'DECLINED' });
    expect(await auditActions(quote.id)).toEqual(['CREATE', 'PUBLISH', 'DECLINE']);
  });
});

describe('copy (POST /quotes/{id}/copy)', () => {
  it('makes a new DRAFT named as the original, on account, without Dropbox, Acronis or finance details, at today’s prices', async () => {
    const original = await publishedQuote(root, server.db, { purchase_order_number: 'PO-COPY' });
    // Financed as sent (its goods could not be: a copy must clear the contact whatever it held).
    await writeVersionedRows(server.db, (trx) =>
      trx('quotes').where('id', Number(original.id)).update({ payment_type: 'FINANCE', finance_first_name: 'Fay' }),
    );
    const copy = await root.post<Row>(`/api/v1/quotes/${original.id}/copy`);
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({
      quote_status: 'DRAFT',
      name: original.name,
      payment_type: 'ON_ACCOUNT',
      finance_first_name: null,
      supplier_ref: null,
      ...GB_ADDRESS,
      total: original.total,
    });
    expect(copy.body.id).not.toBe(original.id);
    const lines = (await root.get<Row[]>(`/api/v1/quotes/${copy.body.id}/line_items`)).body;
    expect(lines.map((line) => line['quantity'])).toEqual([4, 5, 3]);
    expect(lines[1]).toMatchObject({ dropbox_team_name: null, dropbox_admin_email: null });
    expect(lines[2]).toMatchObject({ zoom_end_user_company: 'End User Ltd' });
    expect(await auditActions(copy.body.id)).toContain('DUPLICATE');
    expect(await statusOf(original.id)).toBe('PUBLISHED');
  });

  it('is the sender’s: 403 without quote:create or for another organisation’s quote, 404 for a missing one', async () => {
    expect((await recipient.post(`/api/v1/quotes/${DEMO.PUBLISHED}/copy`)).status).toBe(403);
    expect((await root.post('/api/v1/quotes/999999/copy')).status).toBe(404);
  });
});
