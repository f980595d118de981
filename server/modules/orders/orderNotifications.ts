import type { Knex } from 'knex';
import type { Order } from '../../generated/types';
import type { RequestContext } from '../../http/operationDef';
import { queueMail } from '../../integrations/mail';
import { mailText } from '../../integrations/mailText';
import type { Records } from '../../writes/records';

type NotificationType = 'order_status_changed' | 'order_requires_manual_auth';

/** A user to tell: where to write, and in which language (their user_language). */
export interface Recipient {
  email_address: string;
  user_language: string | null;
}

/**
 * The users who subscribed to a notification (002 §3 notifications) and may hear of an order of
 * `organisationId`: users of that organisation or of one above it in the tree (a reseller hears of
 * its customers' orders), enabled, in id order.
 */
export async function subscribersOf(db: Knex, type: NotificationType, organisationId: number): Promise<Recipient[]> {
  const organisation = (await db('organisations').where('id', organisationId).first('tree_path')) as { tree_path: string } | undefined;
  if (!organisation) return [];
  return (await db('users')
    .join('user_notifications', 'user_notifications.user_id', 'users.id')
    .join('organisations', 'organisations.id', 'users.organisation_id')
    .where('user_notifications.type', type)
    .andWhere('users.disabled', false)
    .andWhereRaw("? like organisations.tree_path || '%'", [organisation.tree_path])
    .orderBy('users.id')
    .select('users.email_address', 'users.user_language')) as Recipient[];
}

const statusText = (language: string | null, status: Order['status']) => mailText(language, `order_status.${status}`);

/**
 * Queues order_status_changed to every subscriber, each in their own language, in the transaction
 * of the change: sent after commit, never for a change rolled back (server/writes/outbox.ts). An
 * order that became PENDING_AUTHORISATION also raises order_requires_manual_auth.
 */
export async function notifyOrderStatusChanged(context: Pick<RequestContext, 'db' | 'records'>, order: Order, previous: Order['status'] | null): Promise<void> {
  const organisationId = order.organisation?.id;
  if (organisationId === undefined || order.status === previous) return;
  for (const { email_address: to, user_language: language } of await subscribersOf(context.db, 'order_status_changed', organisationId)) {
    const values = { order: order.name, status: statusText(language, order.status), previous: previous === null ? '' : statusText(language, previous) };
    await queueMail(context.records, {
      to,
      subject: mailText(language, 'mail.order_status_changed.subject', values),
      text: mailText(language, previous === null ? 'mail.order_status_changed.placed' : 'mail.order_status_changed.text', values),
    });
  }
  if (order.status === 'PENDING_AUTHORISATION') await notifyManualAuthorisation(context.records, order.name, organisationId);
}

/**
 * order_requires_manual_auth (002 §3): a new order of `organisationId` awaits authorisation; its
 * subscribers in that organisation and above (those who may approve it) are told. Checkout raises
 * it for an order placed PENDING_AUTHORISATION.
 */
export async function notifyManualAuthorisation(records: Records, orderName: string, organisationId: number): Promise<void> {
  for (const { email_address: to, user_language: language } of await subscribersOf(records.db, 'order_requires_manual_auth', organisationId)) {
    await queueMail(records, {
      to,
      subject: mailText(language, 'mail.order_requires_manual_auth.subject', { order: orderName }),
      text: mailText(language, 'mail.order_requires_manual_auth.text', { order: orderName }),
    });
  }
}
