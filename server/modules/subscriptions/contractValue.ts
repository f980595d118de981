import Decimal from 'decimal.js';

/**
 * 000 §9's contract-value rules for a subscription's products. The same rules as the buying side's
 * shared pricing (rate plan charges by model, volume tiers, number of terms); a subscription adds
 * that its own billing frequency and term decide the plan and the number of terms.
 */

export type BillingFrequency = 'MONTHLY' | 'ANNUALLY' | 'TWO_YEARS' | 'THREE_YEARS';

/** 001 §3: months in one billing term. */
export const MONTHS: Record<BillingFrequency, number> = { MONTHLY: 1, ANNUALLY: 12, TWO_YEARS: 24, THREE_YEARS: 36 };

export interface ChargeCost {
  price: string;
  starting_unit: number | null;
  ending_unit: number | null;
}

export interface Charge {
  charge_type: 'RECURRING' | 'ONE_OFF' | 'USAGE';
  charge_model: 'FLAT_FEE' | 'PER_UNIT' | 'VOLUME';
  /** In the subscription's currency, lowest tier first. */
  costs: ChargeCost[];
}

export interface Plan {
  id: number;
  name: string;
  is_default: boolean;
  billing_frequency: BillingFrequency;
  term_length: number;
  min_quantity: number | null;
  max_quantity: number | null;
  charges: Charge[];
}

/**
 * The plan a subscription runs on for one product: one billed as the subscription is and of its
 * term, else one billed as it is, else the product's default plan, else its first.
 */
export function planFor(plans: readonly Plan[], billing: BillingFrequency | null, termMonths: number | null): Plan | null {
  const billed = plans.filter((plan) => plan.billing_frequency === billing);
  return billed.find((plan) => plan.term_length === termMonths) ?? billed[0] ?? plans.find((plan) => plan.is_default) ?? plans[0] ?? null;
}

/** 000 §9: the volume tier holding the quantity (starting_unit <= quantity <= ending_unit; open ends). */
export function volumeTier(costs: readonly ChargeCost[], quantity: number): ChargeCost | undefined {
  return costs.find((cost) => (cost.starting_unit ?? 0) <= quantity && (cost.ending_unit === null || quantity <= cost.ending_unit));
}

/** One billing of a charge at a quantity; null when unpriced (no cost row, or no tier holding it). */
export function chargeCost(charge: Charge, quantity: number): Decimal | null {
  if (charge.charge_model === 'VOLUME') {
    const tier = volumeTier(charge.costs, quantity);
    return tier ? new Decimal(tier.price).times(quantity) : null;
  }
  const first = charge.costs[0];
  if (!first) return null;
  return charge.charge_model === 'PER_UNIT' ? new Decimal(first.price).times(quantity) : new Decimal(first.price);
}

/** 000 §9: number of terms = the contract's months / the months of one billing term. */
export function numberOfTerms(termMonths: number, billing: BillingFrequency): Decimal {
  return new Decimal(termMonths).dividedBy(MONTHS[billing]);
}

export interface ProductFigures {
  /** The recurring charges of one billing; null when a recurring charge is unpriced or there is none. */
  recurringCost: Decimal | null;
  /** Recurring cost × number of terms; null with it. */
  totalContractValue: Decimal | null;
}

/**
 * A product's recurring cost per billing and its contract value over the subscription's term
 * (recurring charges × number of terms). One-off charges were paid when it was bought and usage is
 * billed as used, so neither is part of a subscription's recurring figures. Exact, in pence and
 * below: rounding is left to display.
 */
export function productFigures(plan: Plan | null, quantity: number, termMonths: number, billing: BillingFrequency): ProductFigures {
  const recurring = plan?.charges.filter((charge) => charge.charge_type === 'RECURRING') ?? [];
  if (recurring.length === 0) return { recurringCost: null, totalContractValue: null };
  let sum = new Decimal(0);
  for (const charge of recurring) {
    const cost = chargeCost(charge, quantity);
    if (cost === null) return { recurringCost: null, totalContractValue: null };
    sum = sum.plus(cost);
  }
  return { recurringCost: sum, totalContractValue: sum.times(numberOfTerms(termMonths, billing)) };
}

/** Adds figures that may be unpriced: an unpriced part makes the sum unpriced. */
export function sumOf(values: readonly (Decimal | null)[]): Decimal | null {
  return values.reduce<Decimal | null>((sum, value) => (sum === null || value === null ? null : sum.plus(value)), new Decimal(0));
}
