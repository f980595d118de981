import Decimal from 'decimal.js';
import { formatMoney } from '../../runtime/format/money';
import type { MessageKey } from '../../runtime/generated/messages';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { FINANCE_TERMS, financeFigures } from '../../shared/pricing/finance';
import { financeLines, type Draft, type PricedRow } from './checkoutData';
import type { CountryChoice } from '../baskets/countryOptions';
import { FinanceForm } from './FinanceForm';

interface PaymentTabProps {
  draft: Draft;
  countries: readonly CountryChoice[];
  rows: PricedRow[];
  currency: string;
  shipping: string;
  reseller: boolean;
  financeable: boolean;
  approved: boolean;
  applying: boolean;
  /** Why finance cannot be applied for: a rule's message key (000 §5), the client's or the server's. */
  refusal: MessageKey | null;
  onChange: (change: Partial<Draft>) => void;
  onApply: () => void;
}

/**
 * 000 §2.9 Payment: account payment, self finance, other finance (a RESELLER organisation only
 * account and other finance; finance disabled with its tooltip when no line is financeable), the
 * finance form, the finance products table and figures, and Apply for finance.
 */
export function PaymentTab({
  draft,
  countries,
  rows,
  currency,
  shipping,
  reseller,
  financeable,
  approved,
  applying,
  refusal,
  onChange,
  onApply,
}: PaymentTabProps) {
  const t = useT();
  const money = (value: string) => formatMoney(value, currency);
  const target = draft.payment_type === 'FINANCE' ? draft.finance_target : null;
  const term = draft.finance_term_length ?? 60;
  const figures = financeFigures(financeLines(rows), target, shipping, term);
  const financed = rows.filter((row) => row.product.is_financeable);
  const choice = (value: 'ACCOUNT' | 'SELF' | 'CUSTOMER', label: string, disabled: boolean) => {
    const input = (
      <label className="radio">
        <input
          type="radio"
          name="payment_method"
          value={value}
          disabled={disabled}
          data-testid={`payment-${value}`}
          checked={
            value === 'ACCOUNT' ? draft.payment_type === 'ON_ACCOUNT' : draft.payment_type === 'FINANCE' && draft.finance_target === value
          }
          onChange={() =>
            onChange(value === 'ACCOUNT' ? { payment_type: 'ON_ACCOUNT' } : { payment_type: 'FINANCE', finance_target: value })
          }
        />
        {label}
      </label>
    );
    return disabled ? <Tooltip text={t('checkout.finance_not_selectable')}>{input}</Tooltip> : input;
  };
  return (
    <section data-testid="checkout-payment">
      <fieldset className="checkout__fieldset">
        <legend>{t('checkout.payment_method')}</legend>
        {choice('ACCOUNT', t('checkout.pay_on_account'), false)}
        {!reseller && choice('SELF', t('finance_target.SELF'), !financeable)}
        {choice('CUSTOMER', t('finance_target.CUSTOMER'), !financeable)}
      </fieldset>
      {draft.payment_type === 'FINANCE' && (
        <>
          <FinanceForm draft={draft} countries={countries} onChange={onChange} />
          <table className="table" data-testid="finance-products">
            <thead>
              <tr>
                <th>{t('checkout.product')}</th>
                <th>{t('checkout.quantity')}</th>
                <th>{t('checkout.line_total')}</th>
                {target === 'CUSTOMER' && <th>{`${t('checkout.margin')} %`}</th>}
              </tr>
            </thead>
            <tbody>
              {financed.map((row, index) => (
                <tr key={row.line.id}>
                  <td>{row.product.name}</td>
                  <td>{row.priced.quantity}</td>
                  <td>{money(figures.lines[index]?.value ?? '0')}</td>
                  {target === 'CUSTOMER' && (
                    <td>
                      <MarginInput
                        row={row}
                        label={`${t('checkout.margin')} %: ${row.product.name}`}
                        onChange={(markup) =>
                          onChange({ lines: draft.lines.map((line) => (line.id === row.line.id ? { ...line, markup } : line)) })
                        }
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="record-fields" data-testid="finance-figures">
            <dt>{t('checkout.shipping_cost')}</dt>
            <dd>{money(figures.shipping)}</dd>
            <dt>{t('checkout.net_sub_total')}</dt>
            <dd data-testid="net-sub-total">{money(figures.net_sub_total)}</dd>
            <dt>
              <label htmlFor="finance_term">{t('checkout.term')}</label>
            </dt>
            <dd className="finance-term">
              <input
                id="finance_term"
                type="range"
                min={0}
                max={FINANCE_TERMS.length - 1}
                step={1}
                data-testid="finance-term"
                value={Math.max(0, FINANCE_TERMS.indexOf(term as 60))}
                onChange={(event) => onChange({ finance_term_length: FINANCE_TERMS[Number(event.target.value)]! })}
              />
              <output data-testid="finance-term-value">{t('checkout.months', { n: term })}</output>
            </dd>
            <dt>{t('checkout.cost_of_finance')}</dt>
            <dd data-testid="cost-of-finance">{money(figures.cost_of_finance)}</dd>
            <dt>{t('checkout.monthly_payment')}</dt>
            <dd data-testid="monthly-payment">{money(figures.monthly_payment)}</dd>
            <dt>{t('checkout.total_paid')}</dt>
            <dd data-testid="total-paid">{money(figures.total_paid)}</dd>
          </dl>
          {target === 'CUSTOMER' && (
            <p className="note" data-testid="compliance-note">
              {t('checkout.compliance_note')}
            </p>
          )}
          {refusal && (
            <p role="alert" className="form-field__warning" data-testid="finance-refusal">
              {t(refusal)}
            </p>
          )}
          {approved ? (
            <p data-testid="finance-approved">{t('checkout.finance_approved')}</p>
          ) : (
            <button type="button" className="button button--primary" onClick={onApply} disabled={applying} data-testid="apply-finance">
              {t('checkout.apply_for_finance')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/**
 * 000 §2.9, §5: the margin (markup percent) a reseller adds for its customer on a financed line:
 * not below 0 (min_margin_tooltip), not above what keeps the customer's price within the RRP
 * (max_margin_tooltip, naming that maximum), step 0.0001. The figures follow as it is typed; the
 * server checks it again when finance is applied for (basket_value_higher_than_rrp).
 */
function MarginInput({ row, label, onChange }: { row: PricedRow; label: string; onChange: (markup: string | null) => void }) {
  const t = useT();
  const problem = row.priced.problems.find((candidate) => candidate.field === 'markup');
  const max = row.priced.maxMarkup?.toDecimalPlaces(4, Decimal.ROUND_DOWN).toString();
  const message = problem
    ? t(problem.code === 'min_margin_tooltip' ? 'min_margin_tooltip' : 'max_margin_tooltip', problem.values as Record<string, string>)
    : null;
  return (
    <>
      <input
        type="number"
        min={0}
        max={max}
        step={0.0001}
        inputMode="decimal"
        className="margin-input"
        data-testid="finance-margin"
        aria-label={label}
        aria-invalid={problem !== undefined}
        title={max === undefined ? undefined : t('max_margin_tooltip', { max })}
        value={row.line.markup ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      />
      {message && (
        <span className="form__warning" data-testid="finance-margin-problem">
          {message}
        </span>
      )}
    </>
  );
}
