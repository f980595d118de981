import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAIL_TOPIC, mailHandler } from '../../integrations/mail';
import { OutboxDispatcher } from '../../writes/outbox';
import { GB_ADDRESS, makeBasket } from '../../testing/checkoutBaskets';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { BUYER, signedIn, type Row } from '../../testing/testUsers';
import { writeVersionedRows } from '../../testing/versionedRows';

// 000 §4 / 002 §3: order_created leaves through the outbox, after commit, to the organisation's
// users who subscribed to it; read back from a real SMTP server.

/** A received message's body as text (quoted-printable undone). */
const bodyOf = (data: string) =>
  data.replace(/=\r\n/g, '').replace(/(=[0-9A-F]{2})+/g, (encoded) => Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'));

let server: TestServer;
let smtp: SmtpCatcher;

beforeAll(async () => {
  server = await startTestServer();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  await server.close();
});

it('e-mails order_created to the subscribed users of the organisation, and nobody else', async () => {
  // Customer Co: the buyer subscribes to order_created; a colleague who does not gets nothing.
  const buyerRow = (await server.db('users').where('email_address', BUYER).first()) as Record<string, unknown>;
  const { id: _id, ...colleague } = buyerRow;
  await writeVersionedRows(server.db, (trx) =>
    trx('users').insert({ ...colleague, name: 'Quiet Colleague', email_address: 'quiet@customer.example' }),
  );
  await server.db('outbox_messages').delete();
  const buyer = await signedIn(server, BUYER);
  const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
  const placed = await buyer.post<Row>(`/api/v1/baskets/${id}/checkout`, {
    purchase_order_number: 'PO-MAIL-1',
    ...GB_ADDRESS,
    shipping_type: 1,
  });
  expect(placed.status, placed.text).toBe(201);
  const outbox = new OutboxDispatcher(server.db, { [MAIL_TOPIC]: mailHandler(smtp.url, 'Reseller Hub <hub@example.test>') });
  expect(await outbox.deliverDue()).toBe(1);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual([BUYER]);
  expect(smtp.received[0]!.data).toContain(`Subject: Order ${String(placed.body['name'])} created`);
  // From the spec's templates: a plain-text and an HTML part, in the branding of Customer Co's
  // reseller (its footer text), linking to the order at the portal's address.
  const body = bodyOf(smtp.received[0]!.data);
  expect(body).toMatch(/Content-Type: multipart\/alternative/);
  expect(body).toMatch(/Content-Type: text\/plain; charset=utf-8[\s\S]*Content-Type: text\/html; charset=utf-8/);
  expect(body).toContain(`Order ${String(placed.body['name'])} was placed by Bob Buyer.`);
  expect(body).toContain('Reseller Partners UK Ltd, reselling since 2004');
  expect(body).toContain(`<a href="https://hub.supplier.example/webstore/orders/${String(placed.body['id'])}"`);
  // The order's details as placed (the checkout hands them over; no read of the order back): its
  // organisation, PO number and total (2 × 9.50).
  const organisation = ((await server.db('organisations').where('id', 3).first('name')) as { name: string }).name;
  expect(body).toMatch(new RegExp(`: ${organisation}\\r?\\n`));
  expect(body).toMatch(/: PO-MAIL-1\r?\n/);
  expect(body).toMatch(/: .{0,8}19\.00\r?\n/);
});

it('queues nothing for a checkout that was refused', async () => {
  await server.db('outbox_messages').delete();
  const buyer = await signedIn(server, BUYER);
  const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
  expect((await buyer.post(`/api/v1/baskets/${id}/checkout`, { ...GB_ADDRESS, shipping_type: 1 })).status).toBe(400);
  expect(await new OutboxDispatcher(server.db, { [MAIL_TOPIC]: mailHandler(smtp.url, 'hub@example.test') }).deliverDue()).toBe(0);
});
