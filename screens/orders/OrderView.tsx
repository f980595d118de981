import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { guardPasses } from '../../runtime/session/guard';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import type { TabSlotProps } from '../../runtime/slots/slotTypes';
import { ChangeOrderDetails } from './ChangeOrderDetails';
import { OrderDetails } from './OrderDetails';
import { OrderLines } from './OrderLines';
import { enumText, type Order } from './orderText';
import './orderView.css';

/**
 * The order page (001 §2 order detail): a side menu (the list, this overview, the audit log for
 * users with order:audit, the serial numbers), the heading "Order: status", the details table and
 * the product lines; a CHANGE_ORDER shows the change-order view instead (its subscription, no
 * shipping). The footer buttons are the screen's actions (spec/screens/orders.yaml), drawn by the
 * record screen after this view.
 */
export function OrderView({ id, record, etag, reload }: TabSlotProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const order = record as unknown as Order;
  const change = order.order_type === 'CHANGE_ORDER';
  const status = enumText(t, 'order_status', order.status);
  return (
    <div className="order-page">
      <nav className="order-page__menu" aria-label={t('orders.one')}>
        <ul>
          <li>
            <RouteLink to="orders">{t('orders.menu_list')}</RouteLink>
          </li>
          <li>
            <RouteLink to="order" params={{ id }} aria-current="page">
              {t('orders.menu_overview')}
            </RouteLink>
          </li>
          {guardPasses(user, { permission: 'order:audit' }) && (
            <li>
              <RouteLink to="order_audit" params={{ id }}>
                {t('orders.audit_link')}
              </RouteLink>
            </li>
          )}
          {!change && (
            <li>
              <RouteLink to="order_serials" params={{ id }}>
                {t('orders.serials_link')}
              </RouteLink>
            </li>
          )}
        </ul>
      </nav>
      <div className="order-page__main">
        <h1>{t(change ? 'orders.change_heading' : 'orders.heading', { status })}</h1>
        {change ? <ChangeOrderDetails order={order} /> : <OrderDetails order={order} etag={etag} reload={reload} />}
        <h2>{t(change ? 'orders.product_details' : 'orders.product_lines')}</h2>
        <OrderLines order={order} margins={!change && user?.root === true} />
      </div>
    </div>
  );
}
