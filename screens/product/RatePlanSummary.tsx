import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { summariseRatePlan, toMoneyString } from '../../shared/pricing';
import type { Currency, RatePlan } from './productTypes';

interface RatePlanSummaryProps {
  plan: RatePlan;
  currency: Currency;
  quantity: number;
  /** False on the public page, whose plans carry no costs. */
  showCosts: boolean;
}

/** The chosen plan at a glance (000 §2.6): contract months, total contract value, usage charges. */
export function RatePlanSummary({ plan, currency, quantity, showCosts }: RatePlanSummaryProps) {
  const t = useT();
  const summary = summariseRatePlan(plan, currency, quantity);
  return (
    <section className="rate-plan-summary" data-testid="rate-plan-summary">
      <h2>{t('product.rate_plan_summary')}</h2>
      <dl>
        <dt>{t('product.contract_months')}</dt>
        <dd data-testid="summary-contract-months">{summary.contractMonths}</dd>
        {showCosts && (
          <>
            <dt>{t('product.total_value')}</dt>
            <dd data-testid="summary-total-value">
              {summary.totalValue ? formatMoney(toMoneyString(summary.totalValue), currency) : '--'}
            </dd>
          </>
        )}
      </dl>
      {summary.usageChargesApply && (
        <p className="rate-plan-summary__usage" data-testid="summary-usage">
          {t('product.usage_charges_apply')}
        </p>
      )}
    </section>
  );
}
