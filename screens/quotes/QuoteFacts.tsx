import { formatDate, formatDateTime } from '../../runtime/format/dates';
import { formatMoney } from '../../runtime/format/money';
import { formatPercent } from '../../runtime/format/percent';
import { useT } from '../../runtime/i18n/useT';
import { RouteLink } from '../../runtime/routing/RouteLink';
import { DETAIL_LABELS } from '../baskets/lineDetailLabels';
import { DetailRow } from '../orders/OrderDetails';
import { enumText } from '../orders/orderText';
import type { Quote, QuoteLine } from './quoteDraft';

/** Today's date as a quote's expiry dates are kept (UTC, YYYY-MM-DD): valid through that day. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A PUBLISHED quote whose expiry date has passed is as good as expired (docs/quotes.md), before the job has run. */
export const quoteExpired = (quote: Pick<Quote, 'quote_status' | 'expiry_date'>) =>
  quote.quote_status === 'EXPIRED' ||
  (quote.quote_status === 'PUBLISHED' && quote.expiry_date !== null && quote.expiry_date !== undefined && quote.expiry_date < todayUtc());

/**
 * A sent quote's details (001 §2 outward and inward views, §3 Quote): references, sender and
 * recipient, dates, status, total, the order it became (001 §2 "Link to the order").
 */
export function QuoteFacts({ quote }: { quote: Quote }) {
  const t = useT();
  return (
    <table className="order-table order-details" data-testid="quote-facts">
      <tbody>
        <DetailRow label={t('quotes.hub_ref')}>{quote.id}</DetailRow>
        <DetailRow label={t('quotes.name')}>{quote.name}</DetailRow>
        <DetailRow label={t('quotes.supplier_ref')}>{quote.supplier_ref}</DetailRow>
        <DetailRow label={t('quotes.organisation_from')}>{quote.organisation_from?.name}</DetailRow>
        <DetailRow label={t('quotes.organisation_to')}>{quote.organisation_to?.name}</DetailRow>
        <DetailRow label={t('quotes.recipient_name')}>
          {[quote.recipient_name, quote.recipient_email && `<${quote.recipient_email}>`].filter(Boolean).join(' ')}
        </DetailRow>
        <DetailRow label={t('quotes.quote_status')}>
          <span data-testid="quote-status">{enumText(t, 'quote_status', quote.quote_status)}</span>
        </DetailRow>
        <DetailRow label={t('quotes.created')}>{formatDateTime(quote.date)}</DetailRow>
        <DetailRow label={t('quotes.expires')}>{quote.expiry_date ? formatDate(quote.expiry_date) : null}</DetailRow>
        <DetailRow label={t('quotes.total')}>{formatMoney(quote.total, quote.currency)}</DetailRow>
        <DetailRow label={t('checkout.payment_method')}>
          {quote.payment_type === 'FINANCE' ? t(`finance_target.${quote.finance_target ?? 'SELF'}`) : t('checkout.pay_on_account')}
        </DetailRow>
        <DetailRow label={t('quote_view.order')}>
          {quote.order_id ? (
            <RouteLink to="order" params={{ id: quote.order_id }} data-testid="quote-order-link">
              {t('quote_view.view_order', { id: quote.order_id })}
            </RouteLink>
          ) : null}
        </DetailRow>
      </tbody>
    </table>
  );
}

/** The quote's lines as sent: product (a link to it), quantity, price, discount, subtotal and the subscription details. */
export function QuoteLinesView({ quote, lines }: { quote: Quote; lines: readonly QuoteLine[] }) {
  const t = useT();
  const money = (amount: string | null) => (amount === null ? '' : (formatMoney(amount, quote.currency) ?? ''));
  if (lines.length === 0) return <p className="record-view__empty">{t('quote_wizard.no_lines')}</p>;
  return (
    <table className="order-table order-lines" data-testid="quote-lines-view">
      <thead>
        <tr>
          <th>{t('orders.product')}</th>
          <th className="order-table__number">{t('orders.quantity')}</th>
          <th className="order-table__number">{t('orders.price')}</th>
          <th className="order-table__number">{t('orders.discount')}</th>
          <th className="order-table__number">{t('orders.line_total')}</th>
          <th>{t('checkout.subscription_details')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td>
              <RouteLink to="product" params={{ id: line.product }}>
                {line.name}
              </RouteLink>
            </td>
            <td className="order-table__number">{line.quantity}</td>
            <td className="order-table__number">{money(line.price)}</td>
            <td className="order-table__number">{formatPercent(line.discount ?? 0)}</td>
            <td className="order-table__number">{money(line.sub_total_for_item)}</td>
            <td>
              {Object.keys(DETAIL_LABELS).flatMap((field) => {
                const value = line[field as keyof QuoteLine];
                if (value === null || value === undefined || value === '') return [];
                const shown = field === 'zoom_order_type' ? t(`zoom_order_type.${value as 'NEW_BUSINESS'}`) : String(value);
                return [
                  <div key={field}>
                    {t(DETAIL_LABELS[field as keyof typeof DETAIL_LABELS])}: {shown}
                  </div>,
                ];
              })}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={4}>{t('checkout.subtotal')}</th>
          <td className="order-table__number" data-testid="quote-lines-total">
            {money(quote.total)}
          </td>
          <td />
        </tr>
        {quote.ship_cost !== null && (
          <tr>
            <th colSpan={4}>{t('checkout.shipping_cost')}</th>
            <td className="order-table__number">{money(quote.ship_cost)}</td>
            <td />
          </tr>
        )}
      </tfoot>
    </table>
  );
}
