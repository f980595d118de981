import { useT } from '../../runtime/i18n/useT';
import { ChargePricing } from './ChargePricing';
import type { Currency, RatePlan } from './productTypes';

interface ChargeTableProps {
  plan: RatePlan;
  currency: Currency;
  /** False on the public page, whose plans carry no costs. */
  showCosts: boolean;
}

/** The charges of the chosen plan (000 §2.6): item, type, cost. */
export function ChargeTable({ plan, currency, showCosts }: ChargeTableProps) {
  const t = useT();
  if (plan.rate_plan_charges.length === 0) return null;
  return (
    <section className="charge-table" data-testid="charge-table">
      <h2>{t('product.charges')}</h2>
      <table className="store-table">
        <thead>
          <tr>
            <th>{t('product.charge_item')}</th>
            <th>{t('product.charge_type')}</th>
            {showCosts && <th>{t('product.charge_cost')}</th>}
          </tr>
        </thead>
        <tbody>
          {plan.rate_plan_charges.map((charge) => (
            <tr key={charge.id}>
              <td>{charge.name}</td>
              <td>{t(`charge_type.${charge.charge_type}`)}</td>
              {showCosts && (
                <td>
                  <ChargePricing charge={charge} currency={currency} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
