import type { Knex } from 'knex';
import type { Order } from '../../generated/types';
import type { RequestContext } from '../../http/operationDef';
import { queueMail } from '../../integrations/mail';
import type { Records } from '../../writes/records';

type NotificationType = 'order_status_changed' | 'order_requires_manual_auth';

/**
 * The e-mail addresses of the users who subscribed to a notification (002 §3 notifications) and
 * may hear of an order of `organisationId`: users of that organisation or of one above it in the
 * tree (a reseller hears of its customers' orders), enabled, in id order.
 */
export async function subscribersOf(db: Knex, type: NotificationType, organisationId: number): Promise<string[]> {
  const organisation = (await db('organisations').where('id', organisationId).first('tree_path')) as { tree_path: string } | undefined;
  if (!organisation) return [];
  const rows = (await db('users')
    .join('user_notifications', 'user_notifications.user_id', 'users.id')
    .join('organisations', 'organisations.id', 'users.organisation_id')
    .where('user_notifications.type', type)
    .andWhere('users.disabled', false)
    .andWhereRaw("? like organisations.tree_path || '%'", [organisation.tree_path])
    .orderBy('users.id')
    .select('users.email_address')) as { email_address: string }[];
  return rows.map((row) => row.email_address);
}

const STATUS_TEXT: Record<Order['status'], string> = {
  CREATED: 'Created',
  PROCESSING: 'Processing',
  ACCEPTED: 'Accepted',
  PART_SHIPPED: 'Part shipped',
  SHIPPED: 'Shipped',
  COMPLETE: 'Complete',
  ATTENTION_REQUIRED: 'Attention required',
  FAILED: 'Failed',
  PENDING_AUTHORISATION: 'Pending authorisation',
  CANCELLED: 'Cancelled',
};

/**
 * Queues order_status_changed to every subscriber, in the transaction of the change: sent after
 * commit, never for a change rolled back (server/writes/outbox.ts). An order that became
 * PENDING_AUTHORISATION also raises order_requires_manual_auth.
 */
export async function notifyOrderStatusChanged(context: Pick<RequestContext, 'db' | 'records'>, order: Order, previous: Order['status'] | null): Promise<void> {
  const organisationId = order.organisation?.id;
  if (organisationId === undefined || order.status === previous) return;
  const subject = `Order ${order.name}: ${STATUS_TEXT[order.status]}`;
  const text = previous === null ? `Order ${order.name} was placed with the status ${STATUS_TEXT[order.status]}.` : `The status of order ${order.name} changed from ${STATUS_TEXT[previous]} to ${STATUS_TEXT[order.status]}.`;
  await mailEach(context.records, await subscribersOf(context.db, 'order_status_changed', organisationId), subject, text);
  if (order.status === 'PENDING_AUTHORISATION') await notifyManualAuthorisation(context.records, order.name, organisationId);
}

/**
 * order_requires_manual_auth (002 §3): a new order of `organisationId` awaits authorisation; its
 * subscribers in that organisation and above (those who may approve it) are told. Checkout raises
 * it for an order placed PENDING_AUTHORISATION.
 */
export async function notifyManualAuthorisation(records: Records, orderName: string, organisationId: number): Promise<void> {
  const recipients = await subscribersOf(records.db, 'order_requires_manual_auth', organisationId);
  await mailEach(records, recipients, `Order ${orderName} requires authorisation`, `Order ${orderName} is waiting for authorisation.`);
}

async function mailEach(records: Records, recipients: string[], subject: string, text: string): Promise<void> {
  for (const to of recipients) await queueMail(records, { to, subject, text });
}
