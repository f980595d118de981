import type { Knex } from 'knex';
import { decodeRow } from '../../db/codec';
import type { EmailContexts } from '../../generated/emails';
import type { Order } from '../../generated/types';
import { queueEmails } from '../../integrations/mail';
import { EmailRecipients } from '../../integrations/emails/emailRecipients';
import { keptSubscribers } from '../../integrations/emails/subscribers';
import type { EmailRecipient } from '../../integrations/emails/renderEmail';
import type { Records } from '../../writes/records';

/** An order as its e-mails show it (spec/emails: order_created, order_status_changed, order_requires_manual_auth). */
export type OrderFacts = EmailContexts['order_created']['order'];

/** The order's facts its e-mails show, read in the transaction that changed it. */
export async function orderFacts(db: Knex, orderId: number): Promise<OrderFacts> {
  const row = (await db('orders as o')
    .join('organisations as g', 'g.id', 'o.organisation_id')
    .where('o.id', orderId)
    .first('o.id', 'o.name', 'o.purchase_order_number', 'o.total', 'o.currency', 'g.name as organisation_name')) as Record<string, unknown>;
  const order = decodeRow<Omit<OrderFacts, 'organisation'>>('order', row, ['id', 'name', 'purchase_order_number', 'total', 'currency']);
  return { ...order, organisation: String(row['organisation_name']) };
}

/** The order's page (route `order`) at the recipient's portal address. */
export const orderUrl = (recipient: EmailRecipient, orderId: number) => `${recipient.portal.url}/webstore/orders/${orderId}`;

/**
 * Queues order_status_changed to every subscriber, each in their own language, in the transaction
 * of the change: sent after commit, never for a change rolled back (server/writes/outbox.ts). An
 * order that became PENDING_AUTHORISATION also raises order_requires_manual_auth.
 */
export async function notifyOrderStatusChanged(records: Records, order: Order, previous: Order['status'] | null): Promise<void> {
  const organisationId = order.organisation?.id;
  if (organisationId === undefined || order.status === previous) return;
  const subscribers = await keptSubscribers(records, 'order_status_changed', organisationId, 'organisation and above');
  const recipients = new EmailRecipients(records.db, records);
  // The facts an e-mail shows, from the order as the caller holds it (its organisation expanded to its name).
  const facts: OrderFacts = {
    id: order.id,
    name: order.name,
    purchase_order_number: order.purchase_order_number ?? null,
    total: order.total,
    currency: order.currency,
    organisation: order.organisation?.name ?? '',
  };
  await queueEmails(
    records,
    'order_status_changed',
    (await recipients.users(subscribers)).map((recipient) => ({
      recipient,
      context: { order: facts, status: order.status, previous_status: previous, order_url: orderUrl(recipient, order.id) },
    })),
  );
  if (order.status === 'PENDING_AUTHORISATION') await notifyManualAuthorisation(records, order.id, organisationId, facts);
}

/**
 * order_requires_manual_auth (002 §3): a new order of `organisationId` awaits authorisation; its
 * subscribers in that organisation and above (those who may approve it) are told. Checkout raises
 * it for an order placed PENDING_AUTHORISATION. `known`: the order's facts as the caller wrote or
 * holds them, instead of reading them back.
 */
export async function notifyManualAuthorisation(
  records: Records,
  orderId: number,
  organisationId: number,
  known?: OrderFacts,
): Promise<void> {
  const subscribers = await keptSubscribers(records, 'order_requires_manual_auth', organisationId, 'organisation and above');
  if (subscribers.length === 0) return;
  const recipients = new EmailRecipients(records.db, records);
  const order = known ?? (await orderFacts(records.db, orderId));
  await queueEmails(
    records,
    'order_requires_manual_auth',
    (await recipients.users(subscribers)).map((recipient) => ({ recipient, context: { order, order_url: orderUrl(recipient, orderId) } })),
  );
}
