import type { Knex } from 'knex';
import { decodeRow } from '../../db/codec';
import type { EmailContexts } from '../../generated/emails';
import type { Order } from '../../generated/types';
import { queueEmails } from '../../integrations/mail';
import { EmailRecipients, RECIPIENT_COLUMNS, type RecipientRow } from '../../integrations/emails/emailRecipients';
import type { EmailRecipient } from '../../integrations/emails/renderEmail';
import type { Records } from '../../writes/records';

type NotificationType = 'order_status_changed' | 'order_requires_manual_auth';

/** An order as its e-mails show it (spec/emails: order_created, order_status_changed, order_requires_manual_auth). */
export type OrderFacts = EmailContexts['order_created']['order'];

/**
 * The users who subscribed to a notification (002 §3 notifications) and may hear of an order of
 * `organisationId`: users of that organisation or of one above it in the tree (a reseller hears of
 * its customers' orders), enabled, in id order.
 */
export async function subscribersOf(db: Knex, type: NotificationType, organisationId: number): Promise<RecipientRow[]> {
  // One statement: the order's organisation is joined for its tree path rather than read first.
  return (await db('users as u')
    .join('user_notifications', 'user_notifications.user_id', 'u.id')
    .join('organisations', 'organisations.id', 'u.organisation_id')
    .join('organisations as ordering', 'ordering.id', db.raw('?', [organisationId]))
    .where('user_notifications.type', type)
    .andWhere('u.disabled', false)
    .andWhereRaw("ordering.tree_path like organisations.tree_path || '%'")
    .orderBy('u.id')
    .select(...RECIPIENT_COLUMNS)) as RecipientRow[];
}

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
  const db = records.db;
  const subscribers = await subscribersOf(db, 'order_status_changed', organisationId);
  const recipients = new EmailRecipients(db, records);
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
  if (order.status === 'PENDING_AUTHORISATION') await notifyManualAuthorisation(records, order.id, organisationId);
}

/**
 * order_requires_manual_auth (002 §3): a new order of `organisationId` awaits authorisation; its
 * subscribers in that organisation and above (those who may approve it) are told. Checkout raises
 * it for an order placed PENDING_AUTHORISATION.
 */
export async function notifyManualAuthorisation(records: Records, orderId: number, organisationId: number): Promise<void> {
  const subscribers = await subscribersOf(records.db, 'order_requires_manual_auth', organisationId);
  if (subscribers.length === 0) return;
  const recipients = new EmailRecipients(records.db, records);
  const order = await orderFacts(records.db, orderId);
  await queueEmails(
    records,
    'order_requires_manual_auth',
    (await recipients.users(subscribers)).map((recipient) => ({ recipient, context: { order, order_url: orderUrl(recipient, orderId) } })),
  );
}
