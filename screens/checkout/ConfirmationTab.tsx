import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { editableDetails } from '../../shared/baskets/lineDetails';
import { DETAIL_LABELS } from '../baskets/lineDetailLabels';
import type { Draft, PricedRow } from './checkoutData';

interface ConfirmationTabProps {
  draft: Draft;
  rows: PricedRow[];
  currency: string;
  shippable: boolean;
  shippingName: string | null;
  shippingCost: string;
  subtotal: string;
  placing: boolean;
  onPlace: () => void;
}

/** 000 §2.9 Confirmation: the read-only summary (the lines with their subscription details) and Place order. */
export function ConfirmationTab({
  draft,
  rows,
  currency,
  shippable,
  shippingName,
  shippingCost,
  subtotal,
  placing,
  onPlace,
}: ConfirmationTabProps) {
  const t = useT();
  const money = (value: string) => formatMoney(value, currency);
  const finance = draft.payment_type === 'FINANCE';
  const address = [
    draft.shipping_company_name,
    draft.shipping_recipient_name,
    draft.shipping_addr_line_1,
    draft.shipping_addr_line_2,
    draft.shipping_city,
    draft.shipping_region,
    draft.shipping_postal_code,
    draft.shipping_country_code,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <section data-testid="checkout-confirmation">
      <dl className="record-fields">
        <dt>{t('checkout.payment_method')}</dt>
        <dd data-testid="summary-payment">
          {finance ? t(`finance_target.${draft.finance_target ?? 'SELF'}`) : t('checkout.pay_on_account')}
        </dd>
        {finance && (
          <>
            <dt>{t('checkout.finance_details')}</dt>
            <dd>
              {[
                draft.finance_company_name,
                draft.finance_company_number,
                `${draft.finance_first_name ?? ''} ${draft.finance_last_name ?? ''}`,
                draft.finance_email_address,
                draft.finance_contact_number,
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        )}
        <dt>{t('baskets.purchase_order_number')}</dt>
        <dd>{draft.purchase_order_number ?? '--'}</dd>
        <dt>{t('baskets.provisioning_instructions')}</dt>
        <dd>{draft.provisioning_instructions ?? '--'}</dd>
        {shippable && (
          <>
            <dt>{t('checkout.address')}</dt>
            <dd data-testid="summary-address">{address}</dd>
            <dt>{t('checkout.shipping_method')}</dt>
            <dd data-testid="summary-method">
              {shippingName} — {money(shippingCost)}
            </dd>
            <dt>{t('baskets.part_ship')}</dt>
            <dd>{draft.part_ship ? t('checkout.part_ship_allowed') : t('checkout.part_ship_not_allowed')}</dd>
            <dt>{t('baskets.ship_instructions')}</dt>
            <dd>{draft.ship_instructions ?? '--'}</dd>
          </>
        )}
      </dl>
      <table className="table" data-testid="summary-lines">
        <thead>
          <tr>
            <th>{t('checkout.product')}</th>
            <th>{t('checkout.quantity')}</th>
            <th>{t('checkout.line_total')}</th>
            <th>{t('checkout.subscription_details')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line.id}>
              <td>{row.product.name}</td>
              <td>{row.priced.quantity}</td>
              <td>{money(row.priced.net.toFixed(2))}</td>
              <td data-testid="summary-line-details">
                {editableDetails(row.product.subscription_type).flatMap((field) => {
                  const value = row.line[field];
                  if (value === null || value === undefined || value === '') return [];
                  const shown = field === 'zoom_order_type' ? t(`zoom_order_type.${value as 'NEW_BUSINESS'}`) : value;
                  return [
                    <div key={field}>
                      {t(DETAIL_LABELS[field])}: {shown}
                    </div>,
                  ];
                })}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>{t('checkout.subtotal')}</th>
            <td data-testid="summary-subtotal">{money(subtotal)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <button type="button" className="button button--primary" onClick={onPlace} disabled={placing} data-testid="place-order">
        {t('checkout.place_order')}
      </button>
    </section>
  );
}
