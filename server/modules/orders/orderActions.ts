import { DomainError, notSignedIn } from '../../domain/errors';
import type { Order } from '../../generated/types';
import type { Handler, RequestContext } from '../../http/operationDef';
import { toViews } from '../../reads/recordViews';
import { genericMetaOf, storedRowInScope } from '../../reads/recordParts';
import { notifyOrderStatusChanged } from './orderNotifications';

type OrderStatus = Order['status'];
type AuditAction = 'APPROVE' | 'DENY' | 'CANCEL' | 'RESUBMIT';

/** One state change of an order (001 §4): the statuses it applies to, the one it leads to, and its extra conditions. */
export interface OrderTransition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  audit: AuditAction;
  /** Approve and deny: never an order of the caller's own organisation (403 own_record). */
  notOwn?: boolean;
  /** Cancel: only before the supplier's system took the order (no external id). */
  noExternalId?: boolean;
  /** Further values written with the status (resubmit clears the attention text). */
  values?: Record<string, unknown>;
}

// The resulting statuses are ours (001 §4 leaves them open; docs/after-sale.md "Orders").
export const TRANSITIONS = {
  approve: { from: ['PENDING_AUTHORISATION'], to: 'CREATED', audit: 'APPROVE', notOwn: true },
  deny: { from: ['PENDING_AUTHORISATION'], to: 'CANCELLED', audit: 'DENY', notOwn: true },
  cancel: { from: ['CREATED', 'ATTENTION_REQUIRED', 'PENDING_AUTHORISATION'], to: 'CANCELLED', audit: 'CANCEL', noExternalId: true },
  resubmit: { from: ['ATTENTION_REQUIRED'], to: 'CREATED', audit: 'RESUBMIT', values: { attention_required: null } },
} as const satisfies Record<string, OrderTransition>;

/**
 * Moves an order the caller may act on (within the tree scope of the operation's permission: a
 * grant of 1 reaches child organisations only; 404 outside it, as for a get) from one of the
 * transition's statuses to its target, audited as the transition's action, and tells subscribed
 * users. The router has locked the order's row (PostgreSQL, where its lock is this read of it;
 * SQLite runs one write at a time) before this reads it, so of two actions racing on one order the
 * second sees the first's status and is refused with 409 invalid_state rather than silently
 * repeating it.
 */
export async function changeOrderStatus(context: RequestContext, id: number, transition: OrderTransition): Promise<Order> {
  const user = context.user;
  if (!user) throw notSignedIn();
  // The stored row in the caller's scope (the write below goes against it), and the order as GET answers it.
  const row = await storedRowInScope(context, 'getOrder', id);
  const [order] = (await toViews(context.db, genericMetaOf('getOrder'), [row])) as unknown as [Order];
  if (transition.notOwn && order.organisation?.id === user.organisation.id) {
    throw new DomainError('forbidden', 'own_record', {
      detail: "an order of the caller's own organisation is approved by someone above it",
    });
  }
  const applies = transition.from.includes(order.status) && (!transition.noExternalId || order.external_id === null);
  if (!applies)
    throw new DomainError('conflict', 'invalid_state', {
      detail: `order ${id} is ${order.status}${order.external_id ? ' with an external id' : ''}`,
    });
  // Written with the settling (PostgreSQL: a round trip less): nothing below reads the order back.
  await context.records.updateStored(
    'order',
    row,
    { status: transition.to, ...transition.values },
    { action: transition.audit, onSettle: true },
  );
  // The answer is the order as now stored, without reading it again: a transition writes plain
  // fields only (the status, resubmit's attention text), never a reference or a child row.
  const changed: Order = { ...order, status: transition.to, ...transition.values };
  await notifyOrderStatusChanged(context.records, changed, order.status);
  return changed;
}

export const approveOrder: Handler<'approveOrder'> = ({ params }, context) => changeOrderStatus(context, params.id, TRANSITIONS.approve);
export const denyOrder: Handler<'denyOrder'> = ({ params }, context) => changeOrderStatus(context, params.id, TRANSITIONS.deny);
export const cancelOrder: Handler<'cancelOrder'> = ({ params }, context) => changeOrderStatus(context, params.id, TRANSITIONS.cancel);
export const resubmitOrder: Handler<'resubmitOrder'> = ({ params }, context) => changeOrderStatus(context, params.id, TRANSITIONS.resubmit);
