import type { ReactNode } from 'react';
import { formatDateTime } from '../../runtime/format/dates';
import { formatMoney } from '../../runtime/format/money';
import { orderFinance } from './orderFigures';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { useCurrentUser } from '../../runtime/session/useCurrentUser';
import { LinkedSupplierRefs } from './LinkedSupplierRefs';
import { OrderShipments } from './OrderShipments';
import { enumText, type Order } from './orderText';

/** One row of a details table: a heading cell and its value; left out when there is nothing to show. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/** The address lines that are filled, one per line. */
function Address({ order }: { order: Order }) {
  const lines = [
    order.shipping_company_name,
    order.shipping_recipient_name,
    order.shipping_addr_line_1,
    order.shipping_addr_line_2,
    order.shipping_city,
    order.shipping_region,
    order.shipping_postal_code,
    order.shipping_country_code,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  if (lines.length === 0) return null;
  return (
    <address>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/**
 * The normal order view's details table (001 §2): references, the originating quote (outward view
 * for root users, inward otherwise), type and status with the ATTENTION_REQUIRED warning, end
 * user, Zoom deal registration, payment and finance contact, shipping, shipments, instructions
 * (or the digital-delivery note when nothing ships) and the created date-time.
 */
export function OrderDetails({ order, etag, reload }: { order: Order; etag: string | null; reload: () => void }) {
  const t = useT();
  const { user } = useCurrentUser();
  const zoom = order.line_items.find((line) => line.zoom_deal_registration_id !== null);
  const digital = order.shipping_type === null;
  const finance = order.payment_type === 'FINANCE';
  const figures = finance ? orderFinance(order) : null;
  const financeName = [enumText(t, 'person_title', order.finance_title), order.finance_first_name, order.finance_last_name]
    .filter(Boolean)
    .join(' ');
  return (
    <table className="order-details">
      <tbody>
        <DetailRow label={t('orders.reference')}>{order.name}</DetailRow>
        <DetailRow label={t('orders.supplier_ref')}>{order.supplier_ref}</DetailRow>
        <tr>
          <th scope="row">{t('orders.linked_supplier_refs')}</th>
          <td>
            <LinkedSupplierRefs order={order} etag={etag} reload={reload} />
          </td>
        </tr>
        <DetailRow label={t('orders.purchase_order_number')}>{order.purchase_order_number}</DetailRow>
        <DetailRow label={t('orders.quote')}>
          {order.quote && (
            <RouteLink to={user?.root ? 'quoteoutward' : 'quoteinward'} params={{ id: order.quote.id }}>
              {order.quote.name}
            </RouteLink>
          )}
        </DetailRow>
        <DetailRow label={t('orders.order_type')}>{enumText(t, 'order_type', order.order_type)}</DetailRow>
        <DetailRow label={t('orders.status')}>{enumText(t, 'order_status', order.status)}</DetailRow>
        <DetailRow label="">
          {order.status === 'ATTENTION_REQUIRED' && (
            <p className="order-warning" role="status">
              {t('orders.attention_warning', { text: order.attention_required ?? '' })}
            </p>
          )}
        </DetailRow>
        <DetailRow label={t('orders.end_user')}>{order.end_user}</DetailRow>
        <DetailRow label={t('orders.end_user_email')}>{order.end_user_email}</DetailRow>
        <DetailRow label={t('orders.organisation')}>{order.organisation?.name}</DetailRow>
        <DetailRow label={t('orders.zoom_deal_registration')}>{zoom?.zoom_deal_registration_id}</DetailRow>
        <DetailRow label={t('orders.zoom_deal_registration_approval')}>{zoom?.zoom_deal_registration_approval_id}</DetailRow>
        <DetailRow label={t('orders.payment_type')}>{enumText(t, 'payment_type', order.payment_type)}</DetailRow>
        {finance && (
          <>
            <DetailRow label={t('orders.finance_contact')}>
              {[financeName, order.finance_email_address, order.finance_contact_number, order.finance_company_name]
                .filter(Boolean)
                .join(', ')}
            </DetailRow>
            <DetailRow label={t('orders.finance_term')}>
              {order.finance_term_length !== null && t('orders.finance_months', { months: String(order.finance_term_length) })}
            </DetailRow>
            {figures && (
              <>
                <DetailRow label={t('orders.finance_monthly')}>{formatMoney(figures.monthly_payment, order.currency)}</DetailRow>
                <DetailRow label={t('orders.finance_cost')}>{formatMoney(figures.cost_of_finance, order.currency)}</DetailRow>
                <DetailRow label={t('orders.finance_total_paid')}>{formatMoney(figures.total_paid, order.currency)}</DetailRow>
              </>
            )}
          </>
        )}
        {!digital && (
          <>
            <DetailRow label={t('orders.shipping_address')}>
              <Address order={order} />
            </DetailRow>
            <DetailRow label={t('orders.shipping_method')}>{order.shipping_type?.name}</DetailRow>
            <DetailRow label={t('orders.part_ship')}>{t(order.part_ship ? 'list.yes' : 'list.no')}</DetailRow>
            <tr>
              <th scope="row">{t('orders.shipments')}</th>
              <td>
                <OrderShipments orderId={order.id} />
              </td>
            </tr>
            <DetailRow label={t('orders.ship_instructions')}>{order.ship_instructions}</DetailRow>
          </>
        )}
        <DetailRow label={t('orders.ship_instructions')}>{digital && t('orders.digital_delivery')}</DetailRow>
        <DetailRow label={t('orders.provisioning_instructions')}>{order.provisioning_instructions}</DetailRow>
        <DetailRow label={t('orders.created_at')}>{formatDateTime(order.date, user?.timezone)}</DetailRow>
      </tbody>
    </table>
  );
}
