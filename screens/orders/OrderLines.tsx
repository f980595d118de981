import { formatPercent } from '../../runtime/format/percent';
import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { lineMargin, lineMarginPercent, lineTotal, linesSubtotal, orderTotalWithShipping } from './orderFigures';
import type { Order } from './orderText';

/**
 * The product lines table (001 §2): product, quantity, price, discount and line total, with the
 * cost price, margin percent and margin for root users (`margins`); under it the subtotal, the
 * order's discount and shipping, and its total. Amounts are exact decimals in the order's currency.
 */
export function OrderLines({ order, margins }: { order: Order; margins: boolean }) {
  const t = useT();
  const money = (amount: string | null) => (amount === null ? '' : (formatMoney(amount, order.currency) ?? ''));
  if (order.line_items.length === 0) return <p className="record-view__empty">{t('orders.no_lines')}</p>;
  const span = margins ? 7 : 4;
  return (
    <table className="order-table order-lines">
      <thead>
        <tr>
          <th>{t('orders.product')}</th>
          <th className="order-table__number">{t('orders.quantity')}</th>
          <th className="order-table__number">{t('orders.price')}</th>
          <th className="order-table__number">{t('orders.discount')}</th>
          {margins && (
            <>
              <th className="order-table__number">{t('orders.original_price')}</th>
              <th className="order-table__number">{t('orders.markup')}</th>
              <th className="order-table__number">{t('orders.margin')}</th>
            </>
          )}
          <th className="order-table__number">{t('orders.line_total')}</th>
        </tr>
      </thead>
      <tbody>
        {order.line_items.map((line) => (
          <tr key={line.id}>
            <td>
              <RouteLink to="product" params={{ id: line.product }}>
                {line.name}
              </RouteLink>
            </td>
            <td className="order-table__number">{line.quantity}</td>
            <td className="order-table__number">{money(line.price)}</td>
            <td className="order-table__number">{formatPercent(line.discount ?? 0)}</td>
            {margins && (
              <>
                <td className="order-table__number">{money(line.original_price)}</td>
                <td className="order-table__number">{formatPercent(lineMarginPercent(line)) ?? '--'}</td>
                <td className="order-table__number">{money(lineMargin(line))}</td>
              </>
            )}
            <td className="order-table__number">{money(lineTotal(line))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={span}>{t('orders.subtotal')}</th>
          <td className="order-table__number">{money(linesSubtotal(order.line_items))}</td>
        </tr>
        {order.discount !== null && Number(order.discount) !== 0 && (
          <tr>
            <th colSpan={span}>{t('orders.order_discount')}</th>
            <td className="order-table__number">{money(order.discount)}</td>
          </tr>
        )}
        {order.ship_cost !== null && (
          <tr>
            <th colSpan={span}>{t('orders.ship_cost')}</th>
            <td className="order-table__number">{money(order.ship_cost)}</td>
          </tr>
        )}
        <tr>
          <th colSpan={span}>{t('orders.total')}</th>
          <td className="order-table__number">
            <strong>{money(orderTotalWithShipping(order))}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
