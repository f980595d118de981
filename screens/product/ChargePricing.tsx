import { formatMoney, formatUnitPrice } from '../../runtime/format/money';
import { useT } from '../../runtime/i18n/useT';
import { costsInCurrency } from '../../shared/pricing';
import { costPrice, type Currency, type RatePlanCharge } from './productTypes';

interface ChargePricingProps {
  charge: RatePlanCharge;
  currency: Currency;
}

/**
 * What a charge costs, in the user's currency: a flat fee as an amount, per-unit and usage
 * charges per unit of measure, volume charges as their tiers ('x to y', or 'x and above').
 * '--' when the charge has no price in that currency.
 */
export function ChargePricing({ charge, currency }: ChargePricingProps) {
  const t = useT();
  const costs = costsInCurrency(charge, currency);
  const perUnit = charge.unit_of_measure ? ` ${t('product.per_unit', { unit: charge.unit_of_measure })}` : '';
  const firstPrice = costs[0] ? costPrice(costs[0]) : null;
  if (!firstPrice) return <span>--</span>;
  if (charge.charge_model === 'FLAT_FEE') return <span>{formatMoney(firstPrice, currency)}</span>;
  // Prices per unit keep their precision: usage is often priced in fractions of a penny.
  if (charge.charge_model === 'PER_UNIT') return <span>{`${formatUnitPrice(firstPrice, currency)}${perUnit}`}</span>;
  return (
    <ul className="charge-tiers" data-testid="volume-tiers">
      {costs.map((cost, index) => {
        const from = cost.starting_unit ?? 0;
        const range = cost.ending_unit == null ? t('product.range_open', { from }) : t('product.range', { from, to: cost.ending_unit });
        return <li key={index}>{`${range}: ${formatUnitPrice(costPrice(cost), currency) ?? '--'}${perUnit}`}</li>;
      })}
    </ul>
  );
}
