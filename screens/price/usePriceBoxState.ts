import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultRatePlan, smallestVolumeTierStart } from '../../shared/pricing';
import type { Product, RatePlan } from '../product/productTypes';
import {
  addToBasketBlock,
  initialQuantity,
  isQuantityLocked,
  normaliseQuantity,
  QUANTITY_DEBOUNCE_MS,
  quantityForPlan,
  quantityProblem,
  type AddToBasketBlock,
  type QuantityProblem,
} from './quantityRules';

export interface PriceBoxState {
  selectedPlan: RatePlan | null;
  selectPlan: (planId: number) => void;
  /** The quantity that counts: normalised, used for prices and validity. */
  quantity: number;
  /** What the quantity input shows while the buyer types. */
  quantityText: string;
  typeQuantity: (text: string) => void;
  locked: boolean;
  problem: QuantityProblem | null;
  block: AddToBasketBlock | null;
  /** After a successful add: the quantity goes back to the plan's minimum, else 1 (000 §2.4). */
  resetQuantity: () => void;
}

/**
 * The price box's choices for one product (000 §5): the rate plan (the default one first), and
 * the quantity — starting at the plan's minimum, typed input applied 750 ms after the last
 * keystroke, floored and raised to 1 and to the smallest volume tier, locked where it cannot matter.
 * The product detail page lifts this state so its rate-plan table and price box share it.
 */
export function usePriceBoxState(product: Product, isRoot: boolean): PriceBoxState {
  const plans = product.rate_plans;
  const [selectedPlanId, setSelectedPlanId] = useState<number | null>(() => defaultRatePlan(plans)?.id ?? null);
  const selectedPlan = useMemo(() => plans.find((plan) => plan.id === selectedPlanId) ?? defaultRatePlan(plans), [plans, selectedPlanId]);
  const lockFor = useCallback(
    (plan: RatePlan | null) => isQuantityLocked({ isRoot, price: product.price, ratePlans: plans, selectedPlan: plan }),
    [isRoot, product.price, plans],
  );
  const locked = lockFor(selectedPlan);

  const [quantity, setQuantity] = useState(() => initialQuantity(selectedPlan));
  const [quantityText, setQuantityText] = useState(() => String(initialQuantity(selectedPlan)));
  const pendingQuantity = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingQuantity.current), []);

  const applyQuantity = useCallback((next: number) => {
    clearTimeout(pendingQuantity.current);
    setQuantity(next);
    setQuantityText(String(next));
  }, []);

  const typeQuantity = useCallback(
    (text: string) => {
      if (locked) return;
      setQuantityText(text);
      clearTimeout(pendingQuantity.current);
      pendingQuantity.current = setTimeout(
        () => applyQuantity(normaliseQuantity(text, smallestVolumeTierStart(selectedPlan, product.currency))),
        QUANTITY_DEBOUNCE_MS,
      );
    },
    [locked, applyQuantity, selectedPlan, product.currency],
  );

  const selectPlan = useCallback(
    (planId: number) => {
      const plan = plans.find((candidate) => candidate.id === planId) ?? null;
      setSelectedPlanId(planId);
      applyQuantity(quantityForPlan(quantity, plan, lockFor(plan), smallestVolumeTierStart(plan, product.currency)));
    },
    [plans, quantity, lockFor, applyQuantity, product.currency],
  );

  const problem = quantityProblem(quantity, selectedPlan);
  return {
    selectedPlan,
    selectPlan,
    quantity,
    quantityText,
    typeQuantity,
    locked,
    problem,
    block: addToBasketBlock({ isRoot, price: product.price, ratePlans: plans, quantityProblem: problem }),
    resetQuantity: () => applyQuantity(initialQuantity(selectedPlan)),
  };
}
