import Decimal from 'decimal.js';
import {
  costPrice,
  type BillingFrequency,
  type ChargeCostLike as ChargeCost,
  type Currency,
  type RatePlanLike as RatePlan,
  type RatePlanChargeLike as RatePlanCharge,
} from './types';

/** Months in one billing term (000 §3 enumerations). */
export const BILLING_FREQUENCY_MONTHS: Record<BillingFrequency, number> = {
  MONTHLY: 1,
  ANNUALLY: 12,
  TWO_YEARS: 24,
  THREE_YEARS: 36,
};

/** How many times a recurring charge is billed over the contract: term_length / months per term (000 §9). */
export function numberOfTerms(plan: Pick<RatePlan, 'term_length' | 'billing_frequency'>): Decimal {
  return new Decimal(plan.term_length).dividedBy(BILLING_FREQUENCY_MONTHS[plan.billing_frequency]);
}

/** The cost rows (for anonymous visitors, bare tiers without a price) of a charge in one currency, lowest tier first. */
export function costsInCurrency<Cost extends ChargeCost>(charge: { rate_plan_charge_costs: Cost[] }, currency: Currency): Cost[] {
  const costs: Cost[] = charge.rate_plan_charge_costs;
  return costs.filter((cost) => cost.currency === currency).sort((a, b) => (a.starting_unit ?? 0) - (b.starting_unit ?? 0));
}

/**
 * The volume tier a quantity falls in: starting_unit <= quantity <= ending_unit, where a missing
 * ending_unit leaves the tier open upwards and a missing starting_unit starts it at 0 (000 §9).
 */
export function matchVolumeTier<Cost extends ChargeCost>(costs: Cost[], quantity: number): Cost | undefined {
  return costs.find((cost) => (cost.starting_unit ?? 0) <= quantity && (cost.ending_unit == null || quantity <= cost.ending_unit));
}

/**
 * What one billing of a charge costs at a quantity, in a currency; null when the charge has no
 * price there (no row in that currency, or no tier covering the quantity).
 * FLAT_FEE ignores the quantity; PER_UNIT is price × quantity; VOLUME takes the per-unit price of
 * the tier the whole quantity falls in and applies it to every unit.
 */
export function chargeCost(charge: RatePlanCharge, currency: Currency, quantity: number): Decimal | null {
  const costs = costsInCurrency(charge, currency);
  if (charge.charge_model === 'VOLUME') {
    const tier = matchVolumeTier(costs, quantity);
    const tierPrice = tier && costPrice(tier);
    return tierPrice ? new Decimal(tierPrice).times(quantity) : null;
  }
  const firstPrice = costs[0] && costPrice(costs[0]);
  if (!firstPrice) return null;
  const price = new Decimal(firstPrice);
  return charge.charge_model === 'PER_UNIT' ? price.times(quantity) : price;
}

/** A charge whose cost follows the quantity ordered: recurring or one-off, per unit or volume (000 §5). */
export function isQuantityDrivenCharge(charge: Pick<RatePlanCharge, 'charge_type' | 'charge_model'>): boolean {
  return (
    (charge.charge_type === 'RECURRING' || charge.charge_type === 'ONE_OFF') &&
    (charge.charge_model === 'PER_UNIT' || charge.charge_model === 'VOLUME')
  );
}

export function planHasQuantityDrivenCharge(plan: { rate_plan_charges: Pick<RatePlanCharge, 'charge_type' | 'charge_model'>[] }): boolean {
  return plan.rate_plan_charges.some(isQuantityDrivenCharge);
}

/**
 * The smallest starting unit of the plan's volume tiers in a currency; quantities below it are
 * raised to it (000 §5). Null when the plan has no volume tiers there.
 */
export function smallestVolumeTierStart(plan: RatePlan | null, currency: Currency): number | null {
  if (!plan) return null;
  const starts = plan.rate_plan_charges
    .filter((charge) => charge.charge_model === 'VOLUME')
    .flatMap((charge) => costsInCurrency(charge, currency))
    .map((cost) => cost.starting_unit ?? 0);
  return starts.length > 0 ? Math.min(...starts) : null;
}

export interface RatePlanSummary {
  /** The contract length in months (term_length). */
  contractMonths: number;
  /** Recurring charges × number of terms plus one-off charges; null when nothing is priced. */
  totalValue: Decimal | null;
  /** Recurring charges per month; null when the plan has no priced recurring charge. */
  monthlyCost: Decimal | null;
  /** monthlyCost × 12; null with it. */
  annualTotal: Decimal | null;
  /** The plan has usage charges, billed on top of the totals. */
  usageChargesApply: boolean;
}

/**
 * Totals of a plan at a quantity. A plan is priced only when every recurring and one-off charge has
 * a price in the currency: a total that silently leaves a charge out would understate the cost,
 * so an unpriced charge makes the totals null (shown as '--').
 */
export function summariseRatePlan(
  plan: Pick<RatePlan, 'term_length' | 'billing_frequency' | 'rate_plan_charges'>,
  currency: Currency,
  quantity: number,
): RatePlanSummary {
  const terms = numberOfTerms(plan);
  let recurringPerTerm = new Decimal(0);
  let oneOff = new Decimal(0);
  let hasRecurring = false;
  let hasOneOff = false;
  let unpriced = false;
  for (const charge of plan.rate_plan_charges) {
    if (charge.charge_type === 'USAGE') continue;
    const cost = chargeCost(charge, currency, quantity);
    if (cost === null) {
      unpriced = true;
      continue;
    }
    if (charge.charge_type === 'RECURRING') {
      hasRecurring = true;
      recurringPerTerm = recurringPerTerm.plus(cost);
    } else {
      hasOneOff = true;
      oneOff = oneOff.plus(cost);
    }
  }
  const usageChargesApply = plan.rate_plan_charges.some((charge) => charge.charge_type === 'USAGE');
  const monthlyCost = hasRecurring && !unpriced ? recurringPerTerm.dividedBy(BILLING_FREQUENCY_MONTHS[plan.billing_frequency]) : null;
  return {
    contractMonths: plan.term_length,
    totalValue: (hasRecurring || hasOneOff) && !unpriced ? recurringPerTerm.times(terms).plus(oneOff) : null,
    monthlyCost,
    annualTotal: monthlyCost ? monthlyCost.times(12) : null,
    usageChargesApply,
  };
}

/** A decimal as a money string with two places (half-up), the form formatMoney and the API use. */
export function toMoneyString(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The plan a product starts on: the one flagged default, else the first (000 §5). */
export function defaultRatePlan<Plan extends Pick<RatePlan, 'default'>>(plans: Plan[]): Plan | null {
  return plans.find((plan) => plan.default) ?? plans[0] ?? null;
}
