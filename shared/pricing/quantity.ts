import { planHasQuantityDrivenCharge } from './ratePlans';
import type { RatePlanLike as RatePlan } from './types';

/** Typed quantities are applied this long after the last keystroke (000 §9). */
export const QUANTITY_DEBOUNCE_MS = 750;

/**
 * The quantity a typed or stepped value becomes (000 §5): a whole number (floored); 0 or less,
 * or anything that is not a number, becomes 1; below the smallest volume tier it is raised to
 * that tier's first unit.
 */
export function normaliseQuantity(raw: string | number, smallestTierStart: number | null): number {
  const parsed = typeof raw === 'number' ? raw : Number(raw.trim() === '' ? NaN : raw);
  let quantity = Number.isFinite(parsed) ? Math.floor(parsed) : 1;
  if (quantity <= 0) quantity = 1;
  if (smallestTierStart !== null && quantity < smallestTierStart) quantity = smallestTierStart;
  return quantity;
}

/** Why a quantity cannot be ordered, as a message key and its values. */
export type QuantityProblem =
  | { key: 'quantity_below_one'; values: Record<string, never> }
  | { key: 'min_quantity_tooltip'; values: { min: number } }
  | { key: 'max_quantity_tooltip'; values: { max: number } };

/** Checks a quantity against 1 and the plan's min_quantity / max_quantity (null = unbounded). */
export function quantityProblem(quantity: number, plan: Pick<RatePlan, 'min_quantity' | 'max_quantity'> | null): QuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < 1) return { key: 'quantity_below_one', values: {} };
  if (plan?.min_quantity != null && quantity < plan.min_quantity) {
    return { key: 'min_quantity_tooltip', values: { min: plan.min_quantity } };
  }
  if (plan?.max_quantity != null && quantity > plan.max_quantity) {
    return { key: 'max_quantity_tooltip', values: { max: plan.max_quantity } };
  }
  return null;
}

export interface QuantityLockInput {
  isRoot: boolean;
  /** The product's buy price; null is price on request. */
  price: string | null;
  ratePlans: readonly unknown[];
  selectedPlan: Pick<RatePlan, 'rate_plan_charges'> | null;
}

/**
 * The quantity cannot be changed (000 §5) for root users, for products with neither a price nor a
 * rate plan, and when the chosen plan has no recurring or one-off charge that depends on the
 * number of units (per unit or volume): more units would not change what is bought.
 */
export function isQuantityLocked({ isRoot, price, ratePlans, selectedPlan }: QuantityLockInput): boolean {
  if (isRoot) return true;
  if (price === null && ratePlans.length === 0) return true;
  if (selectedPlan && !planHasQuantityDrivenCharge(selectedPlan)) return true;
  return false;
}

/** The quantity a price box starts at (and returns to after adding): the plan's minimum, else 1. */
export function initialQuantity(plan: Pick<RatePlan, 'min_quantity'> | null): number {
  return plan?.min_quantity ?? 1;
}

/**
 * The quantity after switching rate plan: a locked quantity goes to the new plan's start; otherwise
 * the buyer's quantity is kept, raised to the new plan's minimum and smallest tier if below them
 * (a maximum it now exceeds stays visible as invalid rather than being silently cut).
 */
export function quantityForPlan(
  current: number,
  plan: Pick<RatePlan, 'min_quantity'> | null,
  locked: boolean,
  smallestTierStart: number | null,
): number {
  if (locked) return initialQuantity(plan);
  return normaliseQuantity(Math.max(current, initialQuantity(plan)), smallestTierStart);
}
