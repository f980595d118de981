import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { FINANCE_TERMS } from '../../shared/pricing/finance';
import { FinanceContactFields } from '../checkout/FinanceContactFields';
import { SelectField } from '../checkout/fields';
import type { QuoteDraft } from './quoteDraft';
import { financeOffered, financeValueRefusal, quoteFinanceFigures } from './quotePayment';
import type { QuoteWizardState } from './useQuoteWizard';

/**
 * 001 §2 Payment (the reading with a Payment tab, docs/quotes.md): account payment, or finance for
 * the recipient itself or its customer with the finance contact of 001 §3 and the term; the
 * checkout's figures for the financeable lines; finance disabled with its tooltip when nothing on
 * the quote can be financed, and the checkout's value rules said as they apply.
 */
export function QuotePaymentTab({ wizard }: { wizard: QuoteWizardState }) {
  const t = useT();
  const { draft, rows, change } = wizard;
  const currency = wizard.quote?.currency ?? rows[0]?.product.currency ?? 'GBP';
  const money = (value: string) => formatMoney(value, currency);
  const offered = financeOffered(rows, currency);
  const finance = draft.payment_type === 'FINANCE';
  const refusal = finance ? financeValueRefusal(rows, draft.finance_target) : null;
  const figures = quoteFinanceFigures(rows, draft, wizard.shipping);
  const choose = (update: Partial<QuoteDraft>) => change(update);
  const choice = (value: 'ACCOUNT' | 'SELF' | 'CUSTOMER', label: string) => {
    const checked = value === 'ACCOUNT' ? !finance : finance && draft.finance_target === value;
    const input = (
      <label className="radio">
        <input
          type="radio"
          name="payment_method"
          value={value}
          data-testid={`payment-${value}`}
          checked={checked}
          disabled={value !== 'ACCOUNT' && !offered}
          onChange={() =>
            choose(
              value === 'ACCOUNT'
                ? { payment_type: 'ON_ACCOUNT' }
                : { payment_type: 'FINANCE', finance_target: value, finance_term_length: draft.finance_term_length ?? 60 },
            )
          }
        />
        {label}
      </label>
    );
    return value !== 'ACCOUNT' && !offered ? <Tooltip text={t('quote_wizard.finance_not_selectable')}>{input}</Tooltip> : input;
  };
  return (
    <section data-testid="quote-payment">
      <fieldset>
        <legend>{t('checkout.payment_method')}</legend>
        {choice('ACCOUNT', t('checkout.pay_on_account'))}
        {choice('SELF', t('finance_target.SELF'))}
        {choice('CUSTOMER', t('finance_target.CUSTOMER'))}
      </fieldset>
      {finance && (
        <>
          <fieldset data-testid="finance-form">
            <legend>{t('checkout.finance_details')}</legend>
            <FinanceContactFields contact={draft} onChange={choose} />
            <SelectField
              id="finance_term_length"
              label={t('checkout.term')}
              required
              value={String(draft.finance_term_length ?? 60)}
              onChange={(value) => choose({ finance_term_length: Number(value) as QuoteDraft['finance_term_length'] })}
              options={FINANCE_TERMS.map((term) => ({ value: String(term), label: t('checkout.months', { n: term }) }))}
            />
          </fieldset>
          <dl className="record-fields" data-testid="finance-figures">
            <dt>{t('checkout.net_sub_total')}</dt>
            <dd>{money(figures.net_sub_total)}</dd>
            <dt>{t('checkout.monthly_payment')}</dt>
            <dd data-testid="monthly-payment">{money(figures.monthly_payment)}</dd>
            <dt>{t('checkout.cost_of_finance')}</dt>
            <dd>{money(figures.cost_of_finance)}</dd>
            <dt>{t('checkout.total_paid')}</dt>
            <dd>{money(figures.total_paid)}</dd>
          </dl>
          {refusal && (
            <p role="alert" className="form-field__warning" data-testid="finance-refusal">
              {t(`problem.${refusal}`)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
