import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../generated/types';
import { MAIL_TOPIC, mailHandler } from '../../integrations/mail';
import { toScaled } from '../../db/scaled';
import { OutboxDispatcher } from '../../writes/outbox';
import { CUSTOMER_ORG, GB_ADDRESS, makeBasket } from '../../testing/checkoutBaskets';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtpCatcher';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { BUYER, RESELLER_ADMIN, signedIn } from '../../testing/testUsers';
import { subscribersOf } from '../../integrations/emails/subscribers';
import { writeVersionedRows } from '../../testing/versionedRows';

// 002 §3 notifications for orders: a status change an action makes reaches the subscribers above
// the order through the outbox and a real SMTP server on loopback, after the change commits.
describe('order notifications', () => {
  let server: TestServer;
  let rita: TestClient;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    server = await startTestServer();
    rita = await signedIn(server, RESELLER_ADMIN);
    smtp = await startSmtpCatcher();
  });
  afterAll(async () => {
    await smtp.close();
    await server.close();
  });

  const emailsOf = async (type: 'order_status_changed' | 'order_requires_manual_auth', organisation: number) =>
    (await subscribersOf(server.db, type, organisation, 'organisation and above')).map((recipient) => recipient.email_address);
  /** A received message's body as text (quoted-printable undone). */
  const bodyOf = (data: string) =>
    data.replace(/=\r\n/g, '').replace(/(=[0-9A-F]{2})+/g, (encoded) => Buffer.from(encoded.replace(/=/g, ''), 'hex').toString('utf8'));
  const deliver = () =>
    new OutboxDispatcher(server.db, { [MAIL_TOPIC]: mailHandler(smtp.url, 'Reseller Hub <hub@example.test>') }).deliverDue();

  it("finds the enabled subscribers of the order's organisation and those above it, not beside it", async () => {
    // Customer Co (3) sits under Reseller (2) under the supplier (1); EU Customer's Eva subscribed too.
    expect(await emailsOf('order_status_changed', 3)).toEqual([
      'admin@supplier.example',
      'admin@reseller.example',
      'buyer@customer.example',
    ]);
    await writeVersionedRows(server.db, (trx) => trx('users').where('email_address', 'buyer@customer.example').update({ disabled: true }));
    try {
      expect(await emailsOf('order_status_changed', 3)).not.toContain('buyer@customer.example');
    } finally {
      await writeVersionedRows(server.db, (trx) =>
        trx('users').where('email_address', 'buyer@customer.example').update({ disabled: false }),
      );
    }
    expect(await emailsOf('order_requires_manual_auth', 3)).toEqual(['admin@supplier.example', 'admin@reseller.example']);
  });

  it('mails order_status_changed once the approval has committed', async () => {
    await deliver();
    smtp.received.length = 0;
    expect((await rita.post('/api/v1/orders/9/approval')).status).toBe(200);
    expect(await deliver()).toBe(3);
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([
      'admin@reseller.example',
      'admin@supplier.example',
      'buyer@customer.example',
    ]);
    expect(smtp.received[0]!.data).toContain('Subject: Order HUB-10009: Created');
    expect(smtp.received[0]!.data).toContain('changed from Pending authorisation to Created.');
  });

  it('writes to each subscriber in their own language', async () => {
    await deliver();
    smtp.received.length = 0;
    await writeVersionedRows(server.db, (trx) => trx('users').where('email_address', BUYER).update({ user_language: 'de' }));
    try {
      expect((await rita.post('/api/v1/orders/19/approval')).status).toBe(200);
      await deliver();
      const german = smtp.received.find((mail) => mail.to.includes(BUYER));
      expect(bodyOf(german!.data)).toContain('Der Status der Bestellung HUB-10019 hat sich von Freigabe ausstehend zu Angelegt geändert.');
      const english = smtp.received.find((mail) => mail.to.includes('admin@reseller.example'));
      expect(bodyOf(english!.data)).toContain('The status of order HUB-10019 changed from Pending authorisation to Created.');
    } finally {
      await writeVersionedRows(server.db, (trx) => trx('users').where('email_address', BUYER).update({ user_language: 'en' }));
    }
  });

  it("stops mailing a user who unsubscribes from the next change on: the kept subscribers follow the user's notifications tab", async () => {
    // Both staged first: a staged write bumps every data version, which would hide a list kept too long.
    const setOrder = (id: number, status: string) =>
      writeVersionedRows(server.db, (trx) => trx('orders').where('id', id).update({ status }));
    const buyerId = Number(((await server.db('users').where('email_address', BUYER).first('id')) as { id: number }).id);
    const notifications = (types: string[]) => rita.send('PUT', `/api/v1/users/${buyerId}/notifications`, { types });
    const before = (await server.db('user_notifications').where('user_id', buyerId).select('type')).map((row) => String(row.type));
    await setOrder(4, 'PENDING_AUTHORISATION');
    await setOrder(14, 'PENDING_AUTHORISATION');
    try {
      await deliver();
      smtp.received.length = 0;
      expect((await rita.post('/api/v1/orders/4/approval')).status).toBe(200);
      await deliver();
      expect(smtp.received.flatMap((mail) => mail.to)).toContain(BUYER);
      expect((await notifications(before.filter((type) => type !== 'order_status_changed'))).status).toBe(200);
      smtp.received.length = 0;
      expect((await rita.post('/api/v1/orders/14/approval')).status).toBe(200);
      await deliver();
      expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(['admin@reseller.example', 'admin@supplier.example']);
    } finally {
      expect((await notifications(before)).status).toBe(200);
      await setOrder(4, 'PART_SHIPPED');
      await setOrder(14, 'PART_SHIPPED');
    }
  });

  it('mails nothing for a refused action', async () => {
    smtp.received.length = 0;
    expect((await rita.post('/api/v1/orders/9/approval')).status).toBe(409);
    expect(await deliver()).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('raises order_requires_manual_auth for an order placed pending authorisation, to those above who subscribed', async () => {
    await deliver();
    smtp.received.length = 0;
    await writeVersionedRows(server.db, (trx) =>
      trx('organisations')
        .where('id', CUSTOMER_ORG)
        .update({ orders_require_manual_auth: true, order_manual_auth_limit: toScaled('1.00') }),
    );
    try {
      const bob = await signedIn(server, BUYER);
      const { id } = await makeBasket(server.db, [['GEN-HDMI-5M', 2]]);
      const placed = await bob.post<Order>(`/api/v1/baskets/${id}/checkout`, {
        purchase_order_number: 'PO-MANUAL-AUTH',
        ...GB_ADDRESS,
        shipping_type: 1,
      });
      expect(placed.status, placed.text).toBe(201);
      expect(placed.body.status).toBe('PENDING_AUTHORISATION');
      await deliver();
      const asked = smtp.received.filter((mail) => mail.data.includes(`Subject: Order ${placed.body.name} requires authorisation`));
      expect(asked.flatMap((mail) => mail.to).sort()).toEqual(['admin@reseller.example', 'admin@supplier.example']);
    } finally {
      await writeVersionedRows(server.db, (trx) =>
        trx('organisations').where('id', CUSTOMER_ORG).update({ orders_require_manual_auth: false, order_manual_auth_limit: null }),
      );
    }
  });
});
