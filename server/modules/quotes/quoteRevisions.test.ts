import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TOPIC, mailHandler } from '../../integrations/mail';
import { solidPng } from '../../testing/images';
import { expectProblem, productId, publishedQuote, RECIPIENT } from '../../testing/quotes';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { EU_BUYER, RESELLER_ADMIN, ROOT_ADMIN, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';
import { OutboxDispatcher } from '../../writes/outbox';
import { documentBranding } from '../organisations/documentBranding';

// Revisions and the quote PDF (issue 16 "Beyond the documents", docs/quotes.md): amending a sent
// quote keeps what was sent and publishes the next revision; the recipient accepts exactly the
// revision they were shown; each revision prints, and the PDF goes with the e-mail.

let server: TestServer;
let root: TestClient;
let recipient: TestClient;
let smtp: SmtpCatcher;

beforeAll(async () => {
  server = await startTestServer();
  root = await signedIn(server, ROOT_ADMIN);
  recipient = await signedIn(server, RESELLER_ADMIN);
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await server.close();
});

const deliver = () =>
  new OutboxDispatcher(server.db, { [MAIL_TOPIC]: mailHandler(smtp.url, 'Reseller Hub <hub@example.test>') }).deliverDue();
const pdfOf = async (client: TestClient, path: string) => {
  const response = await client.get(`/api/v1${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: response.bytes,
  };
};

describe('revisions', () => {
  it('keeps the sent revision when the sender amends, publishes the next one, and takes only the current one at acceptance', async () => {
    const quote = await publishedQuote(root, server.db);
    expect(quote['revision']).toBe(1);
    const sentLines = (await recipient.get<Row[]>(`/api/v1/quotes/inward/${String(quote.id)}/line_items`)).body;
    expect((await recipient.get<Row[]>(`/api/v1/quotes/${String(quote.id)}/revisions`)).body).toEqual([
      { revision: 1, current: true, replaced_at: null, total: quote['total'], currency: 'GBP' },
    ]);

    expectProblem(await recipient.post(`/api/v1/quotes/${String(quote.id)}/amend`), 403, 'forbidden');
    const amended = await root.post<Row>(`/api/v1/quotes/${String(quote.id)}/amend`);
    expect(amended.status, amended.text).toBe(200);
    expect(amended.body).toMatchObject({ quote_status: 'DRAFT', revision: 2 });
    expect(
      (await server.db('audit_log_entries').where({ entity_type: 'quote', entity_id: quote.id }).pluck('action')) as string[],
    ).toContain('AMEND');
    // Out of the recipient's reach while it is revised; a draft that was sent is not deleted.
    expect((await recipient.get(`/api/v1/quotes/inward/${String(quote.id)}`)).status).toBe(404);
    expect((await recipient.post(`/api/v1/quotes/${String(quote.id)}/accept`, { revision: 1 })).status).toBe(404);
    expectProblem(await root.send('DELETE', `/api/v1/quotes/${String(quote.id)}`), 409, 'invalid_state');
    expectProblem(await root.post(`/api/v1/quotes/${String(quote.id)}/amend`), 409, 'invalid_state');

    // Revision 2: one more cable, then sent again as an amendment.
    const hdmi = await productId(server.db, 'GEN-HDMI-5M');
    const lines = sentLines.map((line) => ({
      product: line['product'],
      quantity: line['product'] === hdmi ? 6 : line['quantity'],
      discount: Math.round(Number(line['discount'])),
      selected_rate_plan: line['selected_rate_plan'],
      ...Object.fromEntries(
        [
          'dropbox_team_name',
          'dropbox_admin_email',
          'zoom_order_type',
          'zoom_deal_registration_id',
          'zoom_deal_registration_approval_id',
          'zoom_end_user_company',
          'zoom_end_user_name',
          'zoom_end_user_email',
        ].map((field) => [field, line[field]]),
      ),
    }));
    const { id: _id, ...draft } = (await root.get<Row>(`/api/v1/quotes/outward/${String(quote.id)}`)).body;
    const saved = await root.send<Row>('PUT', `/api/v1/quotes/${String(quote.id)}`, { ...draft, line_items: lines });
    expect(saved.status, saved.text).toBe(200);
    const before = smtp.received.length;
    const resent = await root.post<Row>(`/api/v1/quotes/${String(quote.id)}/send`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ quote_status: 'PUBLISHED', revision: 2, supplier_ref: quote['supplier_ref'] });
    expect(resent.body['total']).not.toBe(quote['total']);

    const revisions = (await recipient.get<Row[]>(`/api/v1/quotes/${String(quote.id)}/revisions`)).body;
    expect(revisions.map((row) => [row['revision'], row['current'], row['total']])).toEqual([
      [1, false, quote['total']],
      [2, true, resent.body['total']],
    ]);
    const first = (await recipient.get<Row>(`/api/v1/quotes/${String(quote.id)}/revisions/1`)).body;
    expect(first).toMatchObject({ revision: 1, total: quote['total'], name: quote['name'] });
    expect((first['line_items'] as Row[]).map((line) => line['quantity'])).toEqual(sentLines.map((line) => line['quantity']));
    expect((await recipient.get<Row>(`/api/v1/quotes/${String(quote.id)}/revisions/2`)).body).toMatchObject({
      revision: 2,
      total: resent.body['total'],
    });
    expect((await recipient.get(`/api/v1/quotes/${String(quote.id)}/revisions/3`)).status).toBe(404);

    // The amendment's e-mail carries the new revision as a PDF, through a real SMTP server.
    await deliver();
    const toRita = smtp.received
      .slice(before)
      .filter(
        (message) => message.to.includes('admin@reseller.example') && message.data.includes(`quote-${String(quote['supplier_ref'])}-r`),
      );
    // The first revision went out as quote_created, the second as quote_amended; each with its PDF.
    expect(toRita.map((message) => /Subject: (.*)/.exec(message.data)?.[1])).toEqual([
      'Quote Quote under test from Supplier Distribution Ltd',
      'Quote Quote under test from Supplier Distribution Ltd: revision 2',
    ]);
    expect(toRita[1]?.data).toMatch(/Content-Type: application\/pdf; name=quote-SQ-\d+-r2\.pdf/);
    expect(toRita[0]?.data).toMatch(/Content-Disposition: attachment; filename=quote-SQ-\d+-r1\.pdf/);

    expectProblem(
      await recipient.post(`/api/v1/quotes/${String(quote.id)}/accept`, { revision: 1, purchase_order_number: 'PO-REV-1' }),
      409,
      'quote_revision_changed',
      'revision',
    );
    const accepted = await recipient.post<Row>(`/api/v1/quotes/${String(quote.id)}/accept`, {
      revision: 2,
      purchase_order_number: 'PO-REV-2',
    });
    expect(accepted.status, accepted.text).toBe(201);
    const order = (await recipient.get<Row>(`/api/v1/orders/${String(accepted.body.id)}`)).body;
    expect(order['total']).toBe(resent.body['total']);
  });

  it('prints each revision as a PDF for both sides, and for nobody else', async () => {
    const quote = await publishedQuote(root, server.db);
    await root.post(`/api/v1/quotes/${String(quote.id)}/amend`);
    await root.post(`/api/v1/quotes/${String(quote.id)}/send`);
    const current = await pdfOf(recipient, `/quotes/${String(quote.id)}/pdf`);
    expect([current.status, current.type]).toEqual([200, 'application/pdf']);
    expect(current.disposition).toContain(`quote-${String(quote['supplier_ref'])}-r2.pdf`);
    const document = await PDFDocument.load(current.bytes);
    expect(document.getTitle()).toBe(`QUOTE ${String(quote['supplier_ref'])} ${String(quote['name'])}`);
    expect(document.getPageCount()).toBe(1);
    const first = await pdfOf(root, `/quotes/${String(quote.id)}/pdf?revision=1`);
    expect(first.status).toBe(200);
    expect(first.disposition).toContain('-r1.pdf');
    expect(Buffer.from(first.bytes).equals(Buffer.from(current.bytes))).toBe(false);
    expect((await pdfOf(recipient, `/quotes/${String(quote.id)}/pdf?revision=7`)).status).toBe(404);
    expect((await pdfOf(await signedIn(server, EU_BUYER), `/quotes/${String(quote.id)}/pdf`)).status).toBe(403);
  });

  it("prints in the recipient's branding, inherited by its customers, with a GIF logo left out (PDFs embed PNG and JPEG)", async () => {
    const quote = await publishedQuote(root, server.db);
    const plain = Buffer.from((await pdfOf(recipient, `/quotes/${String(quote.id)}/pdf`)).bytes).toString('latin1');
    expect(plain).not.toContain('/Subtype /Image');
    const brand = async (token: string, contentType: string, bytes: Buffer) =>
      writeVersionedRows(server.db, async (trx) => {
        await trx('branding_files').insert({
          token,
          organisation_id: RECIPIENT,
          content_type: contentType,
          file_name: 'logo',
          size: bytes.length,
          bytes,
          created_at: Date.now(),
        });
        await trx('organisations')
          .where('id', RECIPIENT)
          .update({ branding_image: token, nav_bar_colour: '#336699', footer_text: 'Reseller Partners, Bristol' });
      });
    await brand('a'.repeat(32), 'image/png', solidPng(60, 20, '#336699'));
    const branded = Buffer.from((await pdfOf(recipient, `/quotes/${String(quote.id)}/pdf`)).bytes).toString('latin1');
    expect(branded).toContain('/Subtype /Image');
    // Its customer (Customer Co, below it) has no branding of its own: the reseller's applies.
    expect((await documentBranding(server.db, 3)).logo?.type).toBe('image/png');
    await brand('b'.repeat(32), 'image/gif', Buffer.from('GIF89a'));
    expect(await documentBranding(server.db, RECIPIENT)).toEqual({ logo: null, colour: '#336699', footer: 'Reseller Partners, Bristol' });
  });
});
