import { formatMoney } from '../../runtime/format/money';
import { formatPercent } from '../../runtime/format/percent';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { editableDetails } from '../../shared/baskets/lineDetails';
import { DETAIL_LABELS } from '../baskets/lineDetailLabels';
import type { QuoteWizardState } from './useQuoteWizard';

/**
 * 001 §5 "Publish requires": the quote saved and unchanged, no approval pending, quote:amend and
 * the confirmation step complete. Null when Send quote may be pressed, else why not.
 */
export function sendBlocker(wizard: Pick<QuoteWizardState, 'quote' | 'changed' | 'mayAmend' | 'progress'>): MessageKey | null {
  if (!wizard.quote || wizard.changed) return 'problem.quote_must_be_saved_to_publish';
  if (wizard.quote.requires_approval) return 'problem.quote_requires_approval';
  if (!wizard.mayAmend) return 'quote_wizard.send_not_allowed';
  const { details, zoom, shipping, payment } = wizard.progress;
  return details && zoom && shipping && payment ? null : 'checkout_complete_required_fields';
}

/** 001 §2 Confirmation: the quote as its recipient will receive it, and Send quote. */
export function QuoteConfirmationTab({
  wizard,
  recipientName,
  onSend,
}: {
  wizard: QuoteWizardState;
  recipientName: string;
  onSend: () => void;
}) {
  const t = useT();
  const { draft, rows, shippable } = wizard;
  const currency = wizard.quote?.currency ?? rows[0]?.product.currency ?? 'GBP';
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
  const blocker = sendBlocker(wizard);
  const send = (
    <button
      type="button"
      className="button button--primary"
      disabled={blocker !== null || wizard.busy}
      onClick={onSend}
      data-testid="send-quote"
    >
      {t('quote_wizard.send')}
    </button>
  );
  return (
    <section data-testid="quote-confirmation">
      <dl className="record-fields">
        <dt>{t('quotes.organisation_to')}</dt>
        <dd data-testid="summary-recipient">{recipientName}</dd>
        <dt>{t('quotes.recipient_name')}</dt>
        <dd>{`${draft.recipient_name ?? ''} <${draft.recipient_email ?? ''}>`}</dd>
        <dt>{t('quotes.name')}</dt>
        <dd>{draft.name ?? wizard.quote?.name ?? '--'}</dd>
        <dt>{t('quotes.purchase_order_number')}</dt>
        <dd>{draft.purchase_order_number ?? '--'}</dd>
        <dt>{t('quotes.expiry_date')}</dt>
        <dd>{draft.expiry_date ?? '--'}</dd>
        <dt>{t('checkout.payment_method')}</dt>
        <dd data-testid="summary-payment">
          {finance
            ? `${t(`finance_target.${draft.finance_target ?? 'SELF'}`)}, ${t('checkout.months', { n: draft.finance_term_length ?? 60 })}`
            : t('checkout.pay_on_account')}
        </dd>
        <dt>{t('baskets.provisioning_instructions')}</dt>
        <dd>{draft.provisioning_instructions ?? '--'}</dd>
        {shippable ? (
          <>
            <dt>{t('checkout.address')}</dt>
            <dd data-testid="summary-address">{address}</dd>
            <dt>{t('checkout.shipping_method')}</dt>
            <dd data-testid="summary-method">
              {wizard.chosen ? `${(wizard.chosen.rule as unknown as { name: string }).name} — ${money(wizard.chosen.cost) ?? ''}` : '--'}
            </dd>
            <dt>{t('baskets.part_ship')}</dt>
            <dd>{draft.part_ship ? t('checkout.part_ship_allowed') : t('checkout.part_ship_not_allowed')}</dd>
            <dt>{t('baskets.ship_instructions')}</dt>
            <dd>{draft.ship_instructions ?? '--'}</dd>
          </>
        ) : (
          <>
            <dt>{t('checkout.tab_shipping')}</dt>
            <dd>{t('checkout.tab_digital')}</dd>
          </>
        )}
      </dl>
      <table className="table" data-testid="summary-lines">
        <thead>
          <tr>
            <th>{t('checkout.product')}</th>
            <th>{t('checkout.quantity')}</th>
            <th>{t('basket_page.discount')}</th>
            <th>{t('checkout.line_total')}</th>
            <th>{t('checkout.subscription_details')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line.key}>
              <td>{row.product.name}</td>
              <td>{row.priced.quantity}</td>
              <td>{formatPercent(row.line.discount)}</td>
              <td>{money(row.priced.net.toFixed(2))}</td>
              <td>
                {editableDetails(row.product.subscription_type).flatMap((field) => {
                  const value = row.line.details[field];
                  if (value === '') return [];
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
            <th colSpan={3}>{t('checkout.subtotal')}</th>
            <td data-testid="summary-subtotal">{money(wizard.subtotal)}</td>
            <td />
          </tr>
          {shippable && (
            <tr>
              <th colSpan={3}>{t('checkout.shipping_cost')}</th>
              <td>{money(wizard.shipping)}</td>
              <td />
            </tr>
          )}
        </tfoot>
      </table>
      {blocker ? <Tooltip text={t(blocker)}>{send}</Tooltip> : send}
      {blocker && (
        <p className="note" data-testid="send-blocker">
          {t(blocker)}
        </p>
      )}
    </section>
  );
}
