import { formatMoney } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { quantityForPlan } from '../price/quantityRules';
import { ChargePricing } from './ChargePricing';
import { smallestVolumeTierStart, summariseRatePlan, toMoneyString } from '../../shared/pricing';
import type { Currency, RatePlan } from './productTypes';

interface RatePlanTableProps {
  plans: RatePlan[];
  selectedPlanId: number | null;
  onSelect: (planId: number) => void;
  currency: Currency;
  quantity: number;
  /** False on the public page, whose plans carry no costs: the cost columns are left out. */
  showCosts: boolean;
}

/**
 * The rate plans side by side (000 §2.6): name, contract months, billing frequency, monthly cost
 * and annual total ('--' when usage-only or unpriced), with per-unit and volume pricing under the
 * monthly cost. Radios appear only when there is a choice to make.
 */
export function RatePlanTable({ plans, selectedPlanId, onSelect, currency, quantity, showCosts }: RatePlanTableProps) {
  const t = useT();
  if (plans.length === 0) return null;
  const choosable = plans.length > 1;
  const money = (value: ReturnType<typeof summariseRatePlan>['monthlyCost']) =>
    value ? formatMoney(toMoneyString(value), currency) : '--';
  return (
    <table className="store-table rate-plan-table" data-testid="rate-plan-table">
      <thead>
        <tr>
          {choosable && <th aria-hidden="true" />}
          <th>{t('product.rate_plan')}</th>
          <th>{t('product.contract_months')}</th>
          <th>{t('product.billing_frequency')}</th>
          {showCosts && <th>{t('product.monthly_cost')}</th>}
          {showCosts && <th>{t('product.annual_total')}</th>}
        </tr>
      </thead>
      <tbody>
        {plans.map((plan) => {
          // Each plan priced at the quantity choosing it would give (raised to its minimum or first tier).
          const planQuantity = quantityForPlan(quantity, plan, false, smallestVolumeTierStart(plan, currency));
          const summary = summariseRatePlan(plan, currency, planQuantity);
          const pricedByUnit = plan.rate_plan_charges.filter(
            (charge) => charge.charge_model !== 'FLAT_FEE' && charge.charge_type !== 'USAGE',
          );
          return (
            <tr
              key={plan.id}
              className={plan.id === selectedPlanId ? 'rate-plan-table__row--selected' : undefined}
              data-testid="rate-plan-row"
            >
              {choosable && (
                <td>
                  <input
                    type="radio"
                    name="rate-plan"
                    aria-label={plan.name}
                    checked={plan.id === selectedPlanId}
                    data-testid="rate-plan-radio"
                    onChange={() => onSelect(plan.id)}
                  />
                </td>
              )}
              <td>{plan.name}</td>
              <td>{plan.term_length}</td>
              <td>{t(`billing_frequency.${plan.billing_frequency}`)}</td>
              {showCosts && (
                <td data-testid="rate-plan-monthly">
                  {money(summary.monthlyCost)}
                  {pricedByUnit.map((charge) => (
                    <div key={charge.id} className="rate-plan-table__pricing">
                      <ChargePricing charge={charge} currency={currency} />
                    </div>
                  ))}
                </td>
              )}
              {showCosts && <td data-testid="rate-plan-annual">{money(summary.annualTotal)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
