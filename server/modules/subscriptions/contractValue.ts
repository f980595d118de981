import Decimal from 'decimal.js';
import { chargeCost, numberOfTerms as sharedNumberOfTerms } from '../../../shared/pricing/ratePlans';
import type { BillingFrequency, Currency, RatePlanChargeLike } from '../../../shared/pricing/types';

/**
 * 000 §9's contract-value rules for a subscription's products, through the buying side's shared
 * pricing (a charge's cost by model and volume tier, the number of terms); a subscription adds that
 * its own billing frequency and renewal term decide the plan and the number of terms.
 */

export type { BillingFrequency };

/** A plan as the subscription's figures read it: its charges in the subscription's currency only. */
export interface Plan {
  id: number;
  name: string;
  is_default: boolean;
  billing_frequency: BillingFrequency;
  term_length: number;
  min_quantity: number | null;
  max_quantity: number | null;
  charges: RatePlanChargeLike[];
}

/**
 * The plan a subscription runs on for one product: one billed as the subscription is and of its
 * term, else one billed as it is, else the product's default plan, else its first.
 */
export function planFor(plans: readonly Plan[], billing: BillingFrequency | null, termMonths: number | null): Plan | null {
  const billed = plans.filter((plan) => plan.billing_frequency === billing);
  return billed.find((plan) => plan.term_length === termMonths) ?? billed[0] ?? plans.find((plan) => plan.is_default) ?? plans[0] ?? null;
}

/** 000 §9: number of terms = the contract's months / the months of one billing term. */
export function numberOfTerms(termMonths: number, billing: BillingFrequency): Decimal {
  return sharedNumberOfTerms({ term_length: termMonths, billing_frequency: billing });
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
export function productFigures(
  plan: Plan | null,
  currency: Currency,
  quantity: number,
  termMonths: number,
  billing: BillingFrequency,
): ProductFigures {
  const recurring = plan?.charges.filter((charge) => charge.charge_type === 'RECURRING') ?? [];
  if (recurring.length === 0) return { recurringCost: null, totalContractValue: null };
  let sum = new Decimal(0);
  for (const charge of recurring) {
    const cost = chargeCost(charge, currency, quantity);
    if (cost === null) return { recurringCost: null, totalContractValue: null };
    sum = sum.plus(cost);
  }
  return { recurringCost: sum, totalContractValue: sum.times(numberOfTerms(termMonths, billing)) };
}

/** Adds figures that may be unpriced: an unpriced part makes the sum unpriced. */
export function sumOf(values: readonly (Decimal | null)[]): Decimal | null {
  return values.reduce<Decimal | null>((sum, value) => (sum === null || value === null ? null : sum.plus(value)), new Decimal(0));
}
