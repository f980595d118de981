import type { QuantityProblem } from '../../shared/pricing';

// The quantity rules themselves are shared with the server (shared/pricing/quantity.ts).
export {
  initialQuantity,
  isQuantityLocked,
  normaliseQuantity,
  QUANTITY_DEBOUNCE_MS,
  quantityForPlan,
  quantityProblem,
  type QuantityProblem,
} from '../../shared/pricing';
import { normaliseQuantity } from '../../shared/pricing';

/**
 * A basket line's typed quantity (000 §4, §5): 0 stays 0 — the line is removed on save — and
 * anything else is taken as the price box takes it (floored, at least 1, raised to the smallest
 * volume tier).
 */
export function lineQuantity(raw: string, smallestTierStart: number | null): number {
  return raw.trim() !== '' && Number(raw) === 0 ? 0 : normaliseQuantity(raw, smallestTierStart);
}

/** Why add-to-basket is disabled, most fundamental reason first; each maps to a tooltip key. */
export type AddToBasketBlock = 'root' | 'no_price' | 'invalid_quantity';

export interface AddToBasketInput {
  isRoot: boolean;
  price: string | null;
  ratePlans: readonly unknown[];
  quantityProblem: QuantityProblem | null;
}

/**
 * 000 §5: disabled when the user is root, the product has neither a price nor rate plans, or the
 * quantity is invalid; null when the product may be added.
 */
export function addToBasketBlock({ isRoot, price, ratePlans, quantityProblem }: AddToBasketInput): AddToBasketBlock | null {
  if (isRoot) return 'root';
  if (price === null && ratePlans.length === 0) return 'no_price';
  if (quantityProblem) return 'invalid_quantity';
  return null;
}
