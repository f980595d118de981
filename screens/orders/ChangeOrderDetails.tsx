import { formatDateTime } from '../../runtime/format/dates';
import { useT } from '../../runtime/i18n/useT';
import { findRoute } from '../../runtime/routing/links';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { DetailRow } from './OrderDetails';
import { enumText, type Order } from './orderText';

/**
 * The change-order view's details (001 §2): hub reference, supplier reference, PO number, type,
 * status with the ATTENTION_REQUIRED warning, organisation, the subscription it changes by name (a
 * link to route subscription) and the created date-time. Nothing ships, so there is no shipping part.
 */
export function ChangeOrderDetails({ order }: { order: Order }) {
  const t = useT();
  const { user } = useCurrentUser();
  return (
    <table className="order-details">
      <tbody>
        <DetailRow label={t('orders.reference')}>{order.name}</DetailRow>
        <DetailRow label={t('orders.supplier_ref')}>{order.supplier_ref}</DetailRow>
        <DetailRow label={t('orders.purchase_order_number')}>{order.purchase_order_number}</DetailRow>
        <DetailRow label={t('orders.order_type')}>{enumText(t, 'order_type', order.order_type)}</DetailRow>
        <DetailRow label={t('orders.status')}>{enumText(t, 'order_status', order.status)}</DetailRow>
        <DetailRow label="">
          {order.status === 'ATTENTION_REQUIRED' && (
            <p className="order-warning" role="status">
              {t('orders.attention_warning', { text: order.attention_required ?? '' })}
            </p>
          )}
        </DetailRow>
        <DetailRow label={t('orders.organisation')}>{order.organisation?.name}</DetailRow>
        <DetailRow label={t('orders.subscription')}>
          {order.subscription !== null &&
            // By name; a link for those the subscription page lets in (its route's guard).
            (guardPasses(user, findRoute('subscription').guard) ? (
              <RouteLink to="subscription" params={{ id: order.subscription.id }}>
                {order.subscription.name}
              </RouteLink>
            ) : (
              order.subscription.name
            ))}
        </DetailRow>
        <DetailRow label={t('orders.created_at')}>{formatDateTime(order.date, user?.timezone)}</DetailRow>
      </tbody>
    </table>
  );
}
