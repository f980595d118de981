import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../generated/types';
import { MAIL_TOPIC, mailHandler } from '../../integrations/mail';
import { genericMetaOf } from '../../http/recordParts';
import { genericGet } from '../../http/genericList';
import { OutboxDispatcher } from '../../writes/outbox';
import { inTransaction, SYSTEM_ACTOR } from '../../writes/records';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';
import { RESELLER_ADMIN, signedIn } from '../../testing/testUsers';
import { notifyOrderStatusChanged, subscribersOf } from './orderNotifications';

interface Received {
  to: string[];
  data: string;
}

// 002 §3 notifications for orders: a status change an action makes reaches the subscribers above
// the order through the outbox and a real SMTP server on loopback, after the change commits.
describe('order notifications', () => {
  let server: TestServer;
  let rita: TestClient;
  let smtp: SMTPServer;
  let smtpUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    rita = await signedIn(server, RESELLER_ADMIN);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await server.close();
  });

  const deliver = () => new OutboxDispatcher(server.db, { [MAIL_TOPIC]: mailHandler(smtpUrl, 'Reseller Hub <hub@example.test>') }).deliverDue();

  it('finds the enabled subscribers of the order\'s organisation and those above it, not beside it', async () => {
    // Customer Co (3) sits under Reseller (2) under the supplier (1); EU Customer's Eva subscribed too.
    expect(await subscribersOf(server.db, 'order_status_changed', 3)).toEqual(['admin@supplier.example', 'admin@reseller.example', 'buyer@customer.example']);
    await server.db('users').where('email_address', 'buyer@customer.example').update({ disabled: true });
    try {
      expect(await subscribersOf(server.db, 'order_status_changed', 3)).not.toContain('buyer@customer.example');
    } finally {
      await server.db('users').where('email_address', 'buyer@customer.example').update({ disabled: false });
    }
    expect(await subscribersOf(server.db, 'order_requires_manual_auth', 3)).toEqual(['admin@supplier.example', 'admin@reseller.example']);
  });

  it('mails order_status_changed once the approval has committed', async () => {
    await deliver();
    received.length = 0;
    expect((await rita.post('/api/v1/orders/9/approval')).status).toBe(200);
    expect(await deliver()).toBe(3);
    expect(received.flatMap((mail) => mail.to).sort()).toEqual(['admin@reseller.example', 'admin@supplier.example', 'buyer@customer.example']);
    expect(received[0]!.data).toContain('Subject: Order HUB-10009: Created');
    expect(received[0]!.data).toContain('changed from Pending authorisation to Created.');
  });

  it('mails nothing for a refused action', async () => {
    received.length = 0;
    expect((await rita.post('/api/v1/orders/9/approval')).status).toBe(409);
    expect(await deliver()).toBe(0);
    expect(received).toEqual([]);
  });

  it('raises order_requires_manual_auth too for a new order pending authorisation', async () => {
    received.length = 0;
    await server.db('orders').where('id', 19).update({ status: 'PENDING_AUTHORISATION' });
    const root = { id: 1, organisation: { id: 1, tree_path: '/1/' }, treeScope: 'subtree' } as never;
    const order = (await genericGet(server.db, genericMetaOf('getOrder'), { params: { id: 19 }, query: {}, user: root })) as Order;
    await inTransaction(server.db, SYSTEM_ACTOR, (records) => notifyOrderStatusChanged({ db: records.db, records }, order, null));
    expect(await deliver()).toBe(5);
    const subjects = received.map((mail) => /Subject: (.*)/.exec(mail.data)?.[1]);
    expect(subjects.filter((subject) => subject === 'Order HUB-10019: Pending authorisation')).toHaveLength(3);
    expect(subjects.filter((subject) => subject === 'Order HUB-10019 requires authorisation')).toHaveLength(2);
  });
});
