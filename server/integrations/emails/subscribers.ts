import type { Knex } from 'knex';
import { keptInTransaction } from '../../db/transactionGenerations';
import type { UserNotification } from '../../generated/types';
import type { Records } from '../../writes/records';
import { RECIPIENT_COLUMNS, type RecipientRow } from './emailRecipients';

type NotificationType = UserNotification['type'];

/** The most subscriber lists a process keeps per `access` version. */
const MAX_LISTS = 10_000;

/**
 * Whose subscriptions count (002 §3 notifications): the users of the organisation alone (an order
 * placed, a quote received), or of it and every organisation above it in the tree (a reseller hears
 * of its customers' orders changing and waiting for approval).
 */
export type SubscriberReach = 'organisation' | 'organisation and above';

/** The enabled users of `organisationId` (and above it, by `reach`) who subscribe to `type`, in id order. */
export async function subscribersOf(
  db: Knex,
  type: NotificationType,
  organisationId: number,
  reach: SubscriberReach,
): Promise<RecipientRow[]> {
  if (reach === 'organisation')
    return (await db('user_notifications as n')
      .join('users as u', 'u.id', 'n.user_id')
      .where({ 'n.type': type, 'u.organisation_id': organisationId, 'u.disabled': false })
      .orderBy('u.id')
      .select(...RECIPIENT_COLUMNS)) as RecipientRow[];
  // One statement: the organisation is joined for its tree path rather than read first.
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

/**
 * subscribersOf as the writing transaction would read it, kept per process under the `access` data
 * version: users, their subscriptions and the organisation tree all bump it, so a list outlives no
 * write that changes it, in any process. Checkouts, order actions and quotes' e-mails then read no
 * subscribers once warm (docs/performance.md, "Round trips, and the targets on a quiet machine").
 */
export function keptSubscribers(
  records: Records,
  type: NotificationType,
  organisationId: number,
  reach: SubscriberReach,
): Promise<readonly RecipientRow[]> {
  return keptInTransaction(records, 'access', `subscribers:${reach}:${type}:${organisationId}`, MAX_LISTS, () =>
    subscribersOf(records.db, type, organisationId, reach),
  );
}
